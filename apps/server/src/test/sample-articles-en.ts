/**
 * Sample articles written for Grasp's tests and bench in the style of Wikipedia's plain text
 * (TextExtracts): long lead sentences, asides, pronunciations, reference marks, maths markup,
 * lists and tail sections. Our own words, not Wikipedia's.
 */
export interface SampleArticle {
  title: string;
  text: string;
}

export const ENGLISH_ARTICLES: SampleArticle[] = [
  {
    title: 'Photosynthesis',
    text: `Photosynthesis (/ˌfoʊtəˈsɪnθəsɪs/ FOH-tə-SIN-thə-sis) is the process by which green plants, algae and some bacteria use the energy of light to turn water and carbon dioxide into sugar and oxygen.[1] The sugar feeds the organism, while the oxygen is released into the air, where animals and people breathe it. Nearly all life on Earth depends on it, directly or indirectly, because it makes the food at the bottom of most food chains.[2]
Plants do photosynthesis mostly in their leaves.

== Process ==
Photosynthesis takes place in small green parts of plant cells called chloroplasts. The green colour comes from a pigment called chlorophyll, which absorbs red and blue light and reflects green light. The leaf takes in carbon dioxide from the air through tiny pores called stomata; the roots bring water up from the soil. Light energy splits water molecules, and this releases oxygen. The energy is then used to join carbon dioxide into sugar in a cycle of reactions named after the chemist Dr. Melvin Calvin. The overall reaction can be written as 6CO2 + 6H2O → C6H12O6 + 6O2 {\\displaystyle 6CO_{2}+6H_{2}O\\rightarrow C_{6}H_{12}O_{6}+6O_{2}}.[3]
The process has two stages:
light-dependent reactions
the Calvin cycle

== Examples ==
A tree in a park makes its own food by photosynthesis. For example, an oak tree turns sunlight into the sugar it needs to grow new wood and leaves. Seaweed in the ocean does the same under water. Farmers depend on photosynthesis, e.g. when wheat and rice plants fill their grains with starch. Houseplants on a windowsill grow toward the light because they need it to make food.

== Importance ==
Photosynthesis is important because it gives the air most of its oxygen. It also removes carbon dioxide, a gas that warms the planet. Without photosynthesis, animals would have no food and no oxygen to breathe. Fossil fuels such as coal and oil are the remains of plants that stored the energy of ancient sunlight.[4]

== See also ==
Chlorophyll
Cellular respiration
Carbon cycle

== References ==
Smith, J. (2019). Plant Biology. p. 44.`,
  },
  {
    title: 'Gravity',
    text: `Gravity (from Latin gravitas 'weight') is a fundamental interaction which causes every object with mass or energy to be attracted toward every other such object, and it is by far the weakest of the four fundamental interactions of physics.[1] On Earth, gravity gives weight to objects and makes things fall to the ground when they are dropped. The Moon's gravity causes the tides of the oceans.

== Explanation ==
Every object pulls on every other object. The pull is stronger when the objects have more mass. The pull gets weaker when the objects are farther apart. Isaac Newton described this in 1687 with his law of universal gravitation, F = G m1 m2 / r2 {\\displaystyle F=G{\\frac {m_{1}m_{2}}{r^{2}}}}.[2] In 1915 Albert Einstein explained gravity in a new way; in his theory of general relativity, mass bends space and time, and objects follow the curves. Gravity keeps the planets moving around the Sun.

== Examples ==
When you drop a ball, gravity pulls it down to the floor. A thrown stone falls back because Earth pulls it. The Moon stays in orbit because Earth's gravity holds it. For example, astronauts feel lighter on the Moon, since the Moon has less mass than Earth. Rivers flow downhill because gravity pulls the water.

== Importance ==
Gravity is important because it holds the Earth and the other planets together. It keeps the air around our planet. Without gravity, stars could not form, since gas clouds would not pull together.[3]

== See also ==
Mass
Weight
Orbit

== References ==
Newton, I. (1687). Principia.`,
  },
  {
    title: 'Democracy',
    text: `Democracy (from Ancient Greek: δημοκρατία, dēmokratía, 'rule by the people') is a form of government in which the people have the power to choose their leaders and to decide on laws, either directly or through elected representatives.[1] In most democracies, every adult citizen has one vote. Elections are held at regular times.
This article is about the system of government. For other uses, see Democracy (disambiguation).

== How it works ==
In a direct democracy, citizens vote on laws themselves. In a representative democracy, people elect others to make laws for them. The leaders must win elections to stay in power. Courts and a free press watch over the government; they help keep leaders honest. Power is often split between a parliament, a president or prime minister, and the courts.[2]

== Examples ==
India is the largest democracy in the world by number of voters. For example, in a general election, hundreds of millions of people vote for members of parliament. Switzerland often lets citizens vote directly on new laws. A school council, where students elect a captain, works in a similar way.

== Importance ==
Democracy is important because it lets people change their government without violence. It protects rights such as free speech. People can take part in decisions that affect their lives.[3]

== See also ==
Election
Constitution
Citizenship

== References ==
Dahl, R. (1998). On Democracy.`,
  },
  {
    title: 'Evaporation',
    text: `Evaporation is a type of vaporization that occurs on the surface of a liquid as it changes into the gas phase, and it happens at temperatures below the boiling point of the liquid.[1] Water evaporates from puddles, lakes and oceans every day. Evaporation cools the surface that the liquid leaves.

== Process ==
A liquid is made of tiny particles called molecules that are always moving. Some molecules at the surface move fast enough to escape into the air. When they escape, the liquid slowly turns into vapour. Heat makes the molecules move faster, so warm water evaporates more quickly. Wind also speeds up evaporation because it carries the vapour away. Dry air takes up more vapour than humid air.[2]

== Examples ==
Wet clothes dry on a washing line because the water in them evaporates. A puddle disappears after a sunny day. Sweat cools the body as it evaporates from the skin. For example, you feel cold when you step out of a swimming pool on a windy day. Salt is made by letting sea water evaporate in shallow ponds.

== Importance ==
Evaporation is an important part of the water cycle. It moves water from the oceans into the air, where it forms clouds. It also helps animals and people stay cool.[3]

== See also ==
Condensation
Water cycle
Boiling

== References ==
Lee, K. (2015). Physical Science.`,
  },
  {
    title: 'Volcano',
    text: `A volcano is a rupture in the crust of a planetary-mass object, such as Earth, that allows hot lava, volcanic ash and gases to escape from a magma chamber below the surface.[1] Many volcanoes are mountains built up from layers of cooled lava and ash. Some volcanoes erupt often, while others have been quiet for thousands of years.

== Formation ==
Deep under the ground, rock melts into a hot liquid called magma. Magma is lighter than the solid rock around it, so it rises. It collects in a space called a magma chamber. When the pressure gets too high, the magma bursts out through cracks. Once it reaches the surface it is called lava. Most volcanoes form where the plates of the Earth's crust meet; others form over hot spots, e.g. Hawaii.[2]

== Examples ==
Mount Fuji in Japan is a famous volcano with a cone shape. Mount Vesuvius in Italy buried the city of Pompeii in the year 79. For example, Kilauea in Hawaii pours out rivers of lava that flow into the sea. Barren Island in the Andaman Sea is India's only active volcano.

== Effects ==
Volcanoes can be dangerous because lava and ash destroy homes and farms. Ash in the sky can block sunlight and stop aeroplanes from flying. Volcanoes also help people, since volcanic soil is very good for growing crops.[3]

== See also ==
Plate tectonics
Earthquake
Magma

== References ==
Ortiz, M. (2012). Fire Mountains.`,
  },
  {
    title: 'Electric current',
    text: `An electric current is a flow of charged particles, such as electrons or ions, moving through an electrical conductor or space, and it is defined as the net rate of flow of electric charge through a surface.[1] Current is measured in amperes (A). Electric current makes lamps glow and motors turn.

== How it works ==
Metals have electrons that are free to move. A battery pushes these electrons through a wire. The push is called voltage. The electrons can only flow when the path is a closed loop, called a circuit. If the loop is broken, the current stops. Materials such as rubber and plastic do not let current flow; they are called insulators.[2] The current I in a wire follows Ohm's law, I = V/R {\\displaystyle I=V/R}.

== Examples ==
When you switch on a torch, current flows from the battery to the bulb. A ceiling fan uses current from the mains to turn its motor. For example, a phone charger sends current into the phone's battery. Lightning is a huge electric current through the air.

== Safety and uses ==
Electric current is useful because it carries energy easily over long distances. It powers homes, schools and hospitals. Current can also be dangerous, since a strong current through the body can hurt or kill.[3]

== See also ==
Voltage
Electrical resistance
Circuit

== References ==
Rao, P. (2018). Electricity Basics.`,
  },
  {
    title: 'Cell (biology)',
    text: `The cell (from Latin cella, meaning 'small room') is the basic structural and functional unit of all known forms of life, and it is the smallest unit that can carry out all the processes of life on its own.[1] Some living things, such as bacteria, are made of a single cell. Others, such as people and trees, are made of trillions of cells.

== Structure ==
Every cell is surrounded by a thin layer called the cell membrane. The membrane controls what goes in and out. Inside is a jelly-like fluid called cytoplasm. Most cells have a nucleus, which holds the cell's DNA; the DNA carries the instructions for building and running the cell. Plant cells also have a stiff cell wall and green chloroplasts.[2] Small parts called mitochondria release energy from food.

== Examples ==
Red blood cells carry oxygen around your body. Nerve cells send messages from the brain to the muscles. For example, the thin skin inside an onion is made of cells you can see with a simple microscope. A single yeast cell can make bread rise.

== Importance ==
Cells are important because all living things are built from them. New cells come only from cells that already exist. Studying cells helps doctors understand and treat diseases.[3]

== See also ==
Tissue
Organelle
DNA

== References ==
Alberts, B. (2014). Biology of the Cell.`,
  },
  {
    title: 'Fraction',
    text: `A fraction (from Latin fractus, 'broken') represents a part of a whole or, more generally, any number of equal parts, and a common fraction such as 1/2 or 3/4 consists of an integer numerator displayed above a line and a non-zero integer denominator displayed below that line.[1] Fractions are used to share things fairly. They are taught in the early years of school.

== Parts of a fraction ==
The bottom number is called the denominator. It tells how many equal parts the whole is split into. The top number is called the numerator. It tells how many of those parts you have. So 3/4 means three parts out of four equal parts. Two fractions are equal when they name the same amount; for example 1/2 and 2/4 are equal.[2] A fraction can be written as a decimal, e.g. 1/4 is 0.25.

== Examples ==
If you cut a pizza into eight equal slices and eat three, you have eaten 3/8 of the pizza. Half an hour is 1/2 of an hour. For example, a recipe may need 3/4 of a cup of milk. A quarter of a hundred rupees is twenty-five rupees.

== Importance ==
Fractions are important because many things in daily life are shared or measured in parts. Cooks, builders and shopkeepers use them every day. They are also needed to learn ratios and percentages.[3]

== See also ==
Decimal
Percentage
Ratio

== References ==
Gupta, R. (2010). Numbers for Schools.`,
  },
  {
    title: 'Atom',
    text: `An atom is the smallest unit of ordinary matter that forms a chemical element, and every solid, liquid, gas and plasma is composed of neutral or ionized atoms.[1] Atoms are extremely small, typically around 100 picometres across. They are far too small to see, even with a normal microscope.

== Structure ==
An atom has a tiny centre called the nucleus. The nucleus holds particles called protons and neutrons. Electrons move around the nucleus in a cloud. Protons have a positive charge and electrons have a negative charge; neutrons have no charge. The number of protons decides which element the atom is.[2] For example, every carbon atom has six protons. Atoms join together to make molecules.

== Examples ==
A water molecule is made of two hydrogen atoms and one oxygen atom. Gold is made only of gold atoms. For example, the graphite in a pencil is made of carbon atoms in flat layers. The air you breathe contains atoms of nitrogen and oxygen.

== History ==
The idea of atoms is very old. Greek thinkers such as Democritus said matter is made of tiny pieces that cannot be cut. In 1803 John Dalton used atoms to explain chemical reactions.[3] Atoms are important because they explain why materials behave as they do.

== See also ==
Molecule
Chemical element
Electron

== References ==
Dalton, J. (1808). A New System of Chemical Philosophy.`,
  },
  {
    title: 'Magnetism',
    text: `Magnetism is the class of physical attributes that occur through a magnetic field, which allows objects to attract or repel each other, and it is one aspect of the combined phenomenon of electromagnetism.[1] The most familiar effects occur in iron and some other metals. A magnet can pick up pins and paper clips.

== How it works ==
Every magnet has two ends called poles. One is the north pole and the other is the south pole. Opposite poles pull toward each other; like poles push each other away. The space around a magnet where it pushes or pulls is called a magnetic field.[2] An electric current also makes a magnetic field. Inside iron, tiny regions line up, and this makes the iron magnetic.

== Examples ==
A compass needle is a small magnet that points north. Fridge magnets hold notes on a metal door. For example, a crane at a scrapyard uses an electromagnet to lift old cars. Speakers and electric motors use magnets to make sound and motion.

== Importance ==
Magnetism is useful because it helps make electricity in power stations. The Earth's magnetic field protects life from harmful particles from the Sun. Birds and some other animals use it to find their way.[3]

== See also ==
Electromagnet
Compass
Magnetic field

== References ==
Faraday, M. (1839). Experimental Researches.`,
  },
  {
    title: 'Water cycle',
    text: `The water cycle (also known as the hydrologic cycle or the hydrological cycle) is a biogeochemical cycle that describes the continuous movement of water on, above and below the surface of the Earth, in which water changes between liquid, solid and gas.[1] The total amount of water on Earth stays about the same. The Sun's heat drives the cycle.

== Stages ==
The Sun warms water in oceans, rivers and lakes. The water evaporates and rises into the air as vapour. High in the sky the vapour cools and condenses into tiny droplets that form clouds. When the droplets grow heavy, they fall as rain, snow or hail; this is called precipitation.[2] The water flows over land into rivers or soaks into the ground. Rivers carry it back to the sea, and the cycle begins again.
The main stages are:
evaporation
condensation
precipitation
collection

== Examples ==
A puddle that dries in the sun is part of the water cycle. Dew on grass in the morning forms when vapour condenses. For example, the monsoon rains in India come from water that evaporated from the Indian Ocean. Snow on mountains melts in spring and feeds the rivers.

== Importance ==
The water cycle is important because it brings fresh water to plants, animals and people. It spreads heat around the planet. Without it, land would dry out.[3]

== See also ==
Evaporation
Cloud
Groundwater

== References ==
Kumar, S. (2016). Earth Systems.`,
  },
  {
    title: 'Digestion',
    text: `Digestion is the breakdown of large insoluble food compounds into small water-soluble components so that they can be absorbed into the blood plasma, and in humans it takes place in a long tube called the digestive tract.[1] Digestion turns food into energy and building materials for the body. It takes from a few hours to a few days.

== Process ==
Digestion starts in the mouth. Teeth chew food into small pieces, and saliva makes it soft. The food goes down a tube called the oesophagus into the stomach. The stomach mixes the food with acid and juices that break it down. In the small intestine, the food is broken into tiny parts that pass into the blood.[2] The large intestine takes back water. What is left leaves the body as waste.

== Examples ==
When you eat a chapati, your body breaks its starch into sugar. For example, saliva starts to turn bread sweet if you chew it for a long time. Milk is digested into fats, sugars and proteins. Cows have four parts to their stomach to digest grass.

== Importance ==
Digestion is important because the body cannot use food until it is broken down. It gives the energy needed to move, think and grow. Good digestion needs water and fibre.[3]

== See also ==
Stomach
Enzyme
Nutrition

== References ==
Patel, A. (2017). The Human Body.`,
  },
  {
    title: 'Earthquake',
    text: `An earthquake (also called a quake, tremor or temblor) is the shaking of the surface of the Earth resulting from a sudden release of energy in the lithosphere that creates seismic waves.[1] Earthquakes can be so weak that they cannot be felt. Strong ones can destroy whole cities.

== Cause ==
The outer layer of the Earth is broken into huge pieces called plates. The plates move very slowly. Sometimes their edges get stuck. Stress builds up, and then the rock suddenly breaks and slips. This sends waves of energy through the ground; these are called seismic waves.[2] The place where the rock breaks is called the focus. The point on the surface above it is the epicentre.

== Examples ==
In 2001 a strong earthquake shook Gujarat in India. For example, Japan has many small earthquakes every year. A big earthquake under the sea can cause a tsunami. People sometimes feel the floor shake a little when a small quake happens far away.

== Safety ==
Earthquakes are dangerous because buildings can fall. Strong buildings and earthquake drills help keep people safe. Scientists measure earthquakes with instruments called seismometers.[3]

== See also ==
Plate tectonics
Tsunami
Seismology

== References ==
Mehta, V. (2011). Shaking Earth.`,
  },
  {
    title: 'Friction',
    text: `Friction is the force resisting the relative motion of solid surfaces, fluid layers and material elements sliding against each other, and it converts kinetic energy into thermal energy.[1] Friction acts whenever two surfaces touch and try to move past each other. It can be helpful or a nuisance.

== How it works ==
No surface is perfectly smooth. Tiny bumps on one surface catch on bumps of the other. This makes it harder for them to slide. Rough surfaces have more friction than smooth ones. Pressing surfaces together harder also increases friction.[2] Friction turns movement into heat; that is why your hands get warm when you rub them together. Oil and grease reduce friction.

== Examples ==
Shoes grip the ground because of friction. A bicycle's brakes use friction to slow the wheels. For example, a ball rolling on grass stops sooner than one rolling on a smooth floor. Ice is slippery because it has little friction.

== Importance ==
Friction is important because without it we could not walk or hold things. Cars need it to stop. Engineers also try to reduce it in machines, since it wastes energy.[3]

== See also ==
Force
Lubricant
Motion

== References ==
Singh, H. (2013). Forces Around Us.`,
  },
  {
    title: 'Ecosystem',
    text: `An ecosystem (or ecological system) is a system formed by organisms in interaction with their environment, in which the biotic and abiotic components are linked together through nutrient cycles and energy flows.[1] An ecosystem can be as large as a forest or as small as a pond. Living things and their surroundings depend on each other.

== How it works ==
Plants make food from sunlight. Animals eat the plants, and other animals eat those animals. This chain of eating is called a food chain. When living things die, small organisms called decomposers break them down; this returns nutrients to the soil.[2] Energy flows from the Sun through the plants to the animals. Water, air and soil are the non-living parts.

== Examples ==
A pond is an ecosystem with fish, frogs, insects and water plants. For example, in a forest, deer eat leaves and tigers hunt the deer. A coral reef is an ecosystem full of colourful fish. Even a rotting log has its own small ecosystem.

== Importance ==
Ecosystems are important because they give us clean air, water and food. Each living thing has a role. When one part is harmed, the whole ecosystem can change.[3]

== See also ==
Food chain
Biodiversity
Habitat

== References ==
Nair, L. (2014). Life Together.`,
  },
  {
    title: 'Inflation',
    text: `In economics, inflation is a general increase in the prices of goods and services in an economy over a period of time, and when the general price level rises, each unit of currency buys fewer goods and services.[1] Inflation is usually measured as a yearly percentage. A little inflation is normal in most countries.

== Causes ==
Prices rise when people want to buy more than the shops can supply. Prices also rise when it costs more to make things, e.g. when fuel becomes expensive. If a government prints too much money, each rupee becomes worth less. Workers then ask for higher wages; this can push prices up again.[2] Central banks try to control inflation by changing interest rates.

== Examples ==
If a cup of tea cost ten rupees last year and costs eleven rupees now, its price rose by ten per cent. For example, your grandparents may remember when a film ticket cost only a few rupees. Very high inflation is called hyperinflation.

== Effects ==
Inflation is important because it changes what money can buy. Savings lose value when prices rise quickly. People with fixed incomes find it harder to pay for things.[3]

== See also ==
Interest rate
Money
Deflation

== References ==
Iyer, R. (2020). Everyday Economics.`,
  },
  {
    title: 'Osmosis',
    text: `Osmosis (/ɒzˈmoʊsɪs/) is the spontaneous net movement of solvent molecules through a selectively permeable membrane from a region of high water potential to a region of low water potential, in the direction that tends to equalize the solute concentrations on the two sides.[1] In living things, the solvent is usually water. Osmosis lets cells take in water.

== How it works ==
A membrane is a thin layer with very small holes. Water molecules are small enough to pass through the holes. Larger particles, such as sugar, cannot pass. Water moves from the side with less dissolved stuff to the side with more.[2] It keeps moving until both sides are balanced. No energy is needed for osmosis.

== Examples ==
A raisin put in water swells up as water moves into it. Plant roots take in water from the soil by osmosis. For example, if you put salt on a slice of cucumber, water comes out of it. Limp lettuce becomes crisp again in cold water.

== Importance ==
Osmosis is important because it keeps cells full of water. Plants stand upright because their cells are firm with water. Doctors must give patients drips with the right amount of salt.[3]

== See also ==
Diffusion
Cell membrane
Solution

== References ==
Das, M. (2015). Cells and Water.`,
  },
  {
    title: 'Pollination',
    text: `Pollination is the transfer of pollen from an anther of a plant to the stigma of a plant, later enabling fertilisation and the production of seeds, most often by an animal or by wind.[1] Pollen is a fine powder made by flowers. Pollination is needed for most plants to make fruit.

== Process ==
A flower has male parts that make pollen and female parts that receive it. Bees visit flowers to drink nectar. Pollen sticks to their hairy bodies. When a bee visits the next flower, some pollen rubs off onto it.[2] Wind carries the light pollen of grasses and many trees. After pollination, a seed begins to grow inside the flower.

== Examples ==
Bees pollinate apple and mango trees. Butterflies carry pollen between bright flowers. For example, maize is pollinated by the wind. Some bats pollinate flowers that open at night.

== Importance ==
Pollination is important because it gives us fruits, vegetables and seeds. About one third of the food people eat depends on animal pollinators. Farmers sometimes keep bees to help their crops.[3]

== See also ==
Flower
Bee
Seed

== References ==
Bose, T. (2016). Flowers and Friends.`,
  },
  {
    title: 'Rainbow',
    text: `A rainbow is an optical phenomenon caused by refraction, internal reflection and dispersion of light in water droplets resulting in a continuous spectrum of light appearing in the sky, and it takes the form of a multicoloured circular arc.[1] Rainbows appear when the Sun shines on rain. The Sun must be behind the person watching.

== How it works ==
Sunlight looks white, but it is a mix of many colours. When light enters a raindrop, it bends. Each colour bends by a slightly different amount. The light bounces off the back of the drop and comes out again. This splits the white light into its colours.[2] Red is on the outside of the arc and violet is on the inside.
The colours are:
red
orange
yellow
green
blue
indigo
violet

== Examples ==
You may see a rainbow after a rain shower on a sunny afternoon. A garden hose spraying water can make a small rainbow. For example, waterfalls often have rainbows in their mist. Sometimes a fainter second rainbow appears above the first.

== Importance ==
Rainbows are important in science because they show that white light is made of colours. Isaac Newton studied them with glass prisms. They appear in stories and art in many cultures.[3]

== See also ==
Refraction
Light
Prism

== References ==
Chopra, D. (2012). Light and Colour.`,
  },
  {
    title: 'Simple machine',
    text: `A simple machine is a mechanical device that changes the direction or magnitude of a force, and in general it can be defined as one of the simplest mechanisms that use mechanical advantage, also called leverage, to multiply force.[1] Simple machines make work easier. They have few or no moving parts.

== Types ==
A lever is a bar that turns on a point called a fulcrum. A wheel and axle turns together to move loads. A pulley is a wheel with a rope that lifts things. An inclined plane is a slope; a wedge is two slopes back to back. A screw is an inclined plane wrapped around a rod.[2] Each machine lets a small force move a large load, but over a longer distance.

== Examples ==
A seesaw is a lever. A ramp into a bus is an inclined plane. For example, an axe is a wedge that splits wood. A well uses a pulley to lift a bucket of water. Bottle lids are screws.

== Importance ==
Simple machines are important because they help people lift, cut and move heavy things. Complex machines such as bicycles are made of many simple machines. They have been used since ancient times.[3]

== See also ==
Lever
Pulley
Mechanical advantage

== References ==
Joshi, K. (2009). Machines Around Us.`,
  },
];
