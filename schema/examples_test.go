package schema

// Valid example files, one per kind; also fuzz seeds.
var validExamples = map[Kind]string{
	Campaign: `# The campaign
name = "The Nemesis Crusade"
phases = 6

[dice]
seed = "blood for the blood god"

[rules]
events = true
orbital_invasion_defender_power = false

[[alliances]]
id = "imperium"
name = "Imperium of Man"

[[alliances]]
id = "chaos"
name = "Forces of Chaos"

[[players]]
login = "alice"
alliance = "imperium"
warmaster = true

[[players]]
login = "Bob-42"
alliance = "chaos"

[[fleets]]
id = "iron-fist"
player = "alice"

[[fleets]]
id = "black-ships"
player = "Bob-42"

[[deadlines]]
phase = 1
operations = 2027-01-10T19:00:00Z
battles = 2027-01-17T19:00:00+01:00
moves = 2027-01-19T19:00:00.5Z
builds = 2027-01-21T19:00:00Z
`,
	Map: `[[planets]]
id = "nor"
name = "Nor Allus"
locations = 3
theatres = ["spaceport", "hab-sprawl"]

[[planets]]
id = "vex-9"
name = "Vex IX"
locations = 10
theatres = ["tomb-complex"]

[[lanes]]
between = ["nor", "vex-9"]
`,
	Setup: `stronghold = "nor"
power3 = ["nor", "vex", "kal"]
power2 = ["a", "b", "c", "d"]

[[infrastructure]]
planet = "nor"
type = "staging-grounds"

[[infrastructure]]
planet = "vex"
type = "support-facility"
alternates = ["kal", "a"]

[fleets]
iron-fist = "nor"
black-ships = "vex"
`,
	Orders: `[[operations]]
fleet = "iron-fist"
operation = "battle"
attack = "orbital-invasion"
planet = "vex"
defender = "chaos"

[operations.outcome]
power_adjust = -1
transfer = ["nor", "kal"]
planet = "kal"
direction = "to-connected"
pieces = ["stronghold"]

[[operations]]
fleet = "black-ships"
operation = "raise-edifices"
infrastructure = "fortification-line"
outcome = { planet = "nor", reinforce = "kal" }
`,
	Results: `played = 2027-01-10T19:00:00Z
winner = "attacker"
attacker_vp = 12
defender_vp = 0
battle_ready = ["attacker", "defender"]
defender_player = "Bob-42"
theatre = "rad-zone"
twist = 6

[outcome]
power_adjust = 0
transfer = ["kal"]
take = "staging-grounds"
build = "fortification-line"
extra = "support-facility"
location = 2
locations = [1, 1]
planets = ["nor", "kal"]
fleet = "iron-fist"
moves = ["nor", "kal"]
`,
	Moves: `[moves]
iron-fist = "vex"
black-ships = "nor"
`,
	Builds: `planet = "nor"
infrastructure = "staging-grounds"
`,
	Events: `[lull_in_the_fighting]
build = { planet = "nor", type = "support-facility" }
moves = { iron-fist = "vex" }

[tides_of_war]
stronghold = "vex"

[archeotech_riches]
nor = ["nor", "vex", "vex"]

[xenobeast_migration]
iron-fist = "kal"

[machinations_of_fate]
Bob-42 = "imperium"

[a_costly_bargain]
planet = "nor"
alliance = "chaos"

[smuggled_assets]
relocate = [{ from = "nor", to = "vex", type = "stronghold" }]
build = { planet = "kal", type = "fortification-line" }
`,
	Tiebreak: `victor = "chaos"

[[battles]]
players = ["alice", "Bob-42"]
winner = "chaos"
played = 2027-07-10T19:00:00Z
`,
	Engine: `name = "Warhound Scout Titan"
type = "war-machine"
class = "scout-titan"
structure_points = 3
speed = "agile"
leadership = 8
skimmer = false
close_combat_weapon = false
fields = { imperial_void_fields = 2 }

[[weapons]]
name = "Plasma Blastgun"
mega = true
twin_linked = false

[[weapons]]
name = "Vulcan Mega-Bolter"
gatling = true
structural = false
`,
	Confirmations: `confirms = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"
`,
	Rulings: `upholds = "33f247c7ac4bcf19cf290c10b66d9d4cd3e7c0e4a8e2b2ce29fc2bf07d23f49b"
why = "the photos show it"
`,
}
