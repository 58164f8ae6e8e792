/**
 * A lecture handout written for the outline tests (not from any corpus):
 * a title block, numbered chapters with and without subsections, a
 * definitions list, worked examples with questions and computations, a
 * Summary and a reference list.
 */
export const glacierLecture = `GEOG 230: Cold Environments
Lecture 4 - Glaciers: How Ice Shapes the Land
Dr. Ingrid Halvorsen, School of Geography
Spring Term

1. Introduction

Glaciers are bodies of ice that form on land and move under their own weight. They cover about ten percent of the land surface today and held about three times as much ice at the peak of the last glaciation. Glaciers store roughly sixty-nine percent of the fresh water on Earth, so their growth and decay change sea level around the world.

In this lecture we follow ice from the first snowfall to the moraine it leaves behind. We look at how snow turns into glacier ice, at the ways ice moves, and at the landforms that record former glaciers in regions that are now free of ice.

Glacier ice is a slow but powerful agent of erosion. A valley glacier flowing at a few tens of metres per year can deepen its valley by several hundred metres over a glacial cycle. The fjords of Norway and the lakes of the English Lake District were carved in exactly this way.

2. Glacier Formation

2.1 From snow to firn

Snow that survives the summer melt season is buried by the snow of the following winter. Under the weight of later layers the delicate flakes lose their points and round into grains. Air is squeezed out of the pack as the grains settle closer together. Snow that has lasted at least one summer in this state is called firn, and it is about twice as dense as fresh snow.

2.2 From firn to ice

As burial continues, the firn grains fuse at their contacts and the remaining air becomes trapped in isolated bubbles. At that point the material is glacier ice. In temperate regions with heavy snowfall the change can take a few decades, while on the cold and dry plateau of Antarctica it can take thousands of years. The trapped bubbles preserve samples of the ancient atmosphere that ice-core scientists analyse today.

2.3 The mass balance

A glacier gains mass by snowfall and avalanches in its accumulation zone and loses mass by melting, sublimation and calving in its ablation zone. The line that separates the two zones is the equilibrium line. When accumulation exceeds ablation over a year the glacier thickens and its front advances. When ablation wins the front retreats, although the ice itself keeps flowing forward.

3. Key Definitions

Firn: granular snow that has survived at least one melt season but is not yet glacier ice.
Ablation: all the processes by which a glacier loses mass, including melting, sublimation and calving. It is strongest near the snout in summer.
Equilibrium line: the boundary on a glacier where annual accumulation equals annual ablation.
Moraine: a ridge or sheet of unsorted sediment deposited directly by glacier ice.
Crevasse: a deep open crack in the upper brittle layer of a glacier.
Striation: a scratch cut into bedrock by stones frozen into the base of moving ice.

4. How Glaciers Move

Why does solid ice flow at all? Ice is a crystalline solid, but under sustained stress it deforms like a very stiff fluid. Two processes share the work, and their balance depends mostly on the temperature at the bed.

Internal deformation is the slow creep of ice crystals past one another under the weight of the ice above. It is fastest near the surface and slowest at the bed, so the surface of a glacier moves faster than its base.

Basal sliding is the movement of the whole glacier over its bed on a film of meltwater. It happens only where the base of the glacier is at the melting point. Meltwater under pressure can lift the ice slightly and reduce friction with the bed.

Bed deformation is a third mechanism in which soft, water-soaked sediment beneath the ice shears and carries the glacier along with it. Many fast ice streams in West Antarctica rest on such soft beds.

4.1 Glacier surges

Some glaciers alternate between long quiet phases and short surges. During a surge the ice may flow a hundred times faster than normal for a year or two. Surges are thought to start when meltwater becomes trapped under the glacier and cannot drain away.

5. Evidence of Former Glaciation

5.1 Erosional landforms

Glaciers carve U-shaped valleys with steep sides and flat floors. Where tributary glaciers joined a larger one, their valleys were left hanging high above the main valley floor. Bedrock surfaces smoothed and scratched by ice show the direction in which the ice once flowed.

5.2 Depositional landforms

Moraines mark the positions of former ice margins. A terminal moraine records the farthest advance of a glacier, and recessional moraines record pauses during its retreat. Drumlins are smooth streamlined hills of till that point in the direction of ice flow.

5.3 Erratics

Erratics are boulders carried by ice far from their source and left on a different kind of bedrock. Boulders of Norwegian granite on the coast of eastern England show how far the ice sheets once reached.

6. Worked Examples

Example 1. A stake drilled into a valley glacier moves 36 metres downstream in 90 days. What is the surface velocity of the glacier? The velocity is distance divided by time: 36 m / 90 days = 0.4 m/day = 146 m/yr. A stake near the margin of the same glacier would move more slowly because of friction with the valley walls.

Example 2. An ice core from Greenland is 1,500 metres long and the ice at its base is about 60,000 years old. Estimate the average thickness of ice added per year. Ignoring the thinning of old layers, 1,500 m / 60,000 yr = 0.025 m/yr = 2.5 cm/yr of ice each year.

7. Summary

Glaciers form where snow survives the summer, turns to firn and then to ice over decades or millennia. Ice moves by internal deformation, by basal sliding over a wet bed and by the deformation of soft sediment beneath it. The landforms that glaciers carve and deposit allow geographers to reconstruct ice sheets that melted thousands of years ago.

References

Benn, D. I., & Evans, D. J. A. (2010). Glaciers and Glaciation (2nd ed.). London: Hodder Education.
Cuffey, K. M., & Paterson, W. S. B. (2010). The Physics of Glaciers (4th ed.). Oxford: Butterworth-Heinemann.
`;
