package processor

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // time_zone works on every machine, with or without a system tz database

	"filippo.io/age"
	"github.com/warmaster/warmaster/processor/report"
)

// Campaign is campaign.toml and map.toml: who plays, on which map, by which rules.
type Campaign struct {
	Name   string
	Phases int
	// Zone is the club's time zone (time_zone), nil when campaign.toml
	// names none: then every time is UTC.
	Zone *time.Location
	// Seed is the public seed of the dice streams; Commitment, instead, the
	// "sha256:<hex>" of a secret key given to advance (provably fair dice).
	Seed       string
	Commitment string
	// Recipient is the age X25519 recipient of sealed orders ([secrecy]
	// recipient); empty when the campaign does not use them.
	Recipient string
	// GitHub is where the campaign lives on GitHub ([github]); nil when not given.
	GitHub    *GitHub
	Rules     Rules
	Alliances []Alliance
	Players   []Player
	Fleets    []Fleet
	Deadlines map[int]Deadlines
	Map       *Map
	// Engines are the war engines: profiles, roster and rules (warengines.go).
	Engines Roster
	// ForcedEvents replace the generated Vespator Front Events of a phase
	// with these, in file order ([[forced_events]]).
	ForcedEvents map[int][]EventKind

	// origin is the campaign as campaign.toml declares it when this one has
	// another allegiance (Machinations of Fate; see allegiance.go).
	origin *Campaign
	// Medals are the Campaign Medals players won in earlier campaigns
	// ([[medals]]), whose benefits are decided at set-up.
	Medals []MedalRecord
	// RosterChanges are campaign.toml's [[roster_changes]], in the order
	// they take effect (roster.go); start, where each fleet that joins
	// later starts; late, the players who do not play from the start.
	RosterChanges []RosterChange
	Start         map[FleetID]PlanetID
	Late, joining map[Login]bool
	rosterN       int // the roster changes in effect in this campaign

	Alliance map[AllianceID]int
	player   map[Login]int
	Fleet    map[FleetID]int
	// Derived once from the lists above. fleetsOf and fleetAlliance are by
	// the position in Players and Fleets a login and a fleet have in
	// player and Fleet, not maps of their own: at 100,000 players and
	// fleets two more maps to build and look in. fleetsOfOther holds the
	// fleets of a login that is not among Players (a player who left).
	fleetsOf       [][]FleetID
	fleetsOfOther  map[Login][]FleetID
	allianceFleets map[AllianceID][]FleetID
	fleetAlliance  []AllianceID
	commanders     []Login
	playersOf      map[AllianceID][]Login
}

// Rules are the `[rules]` options of campaign.toml; each is a documented
// default for something the rules leave open (docs/rules.md).
type Rules struct {
	// Events turns Vespator Front Events on (the default); false is the
	// house rule "no events".
	Events bool
	// OrbitalInvasionDefenderPower: Orbital Invasion — Defender wins also adds
	// 1 to the Defending Alliance's Power Level at the Planet (RULINGS 14 option).
	OrbitalInvasionDefenderPower bool
	// SeizePowerBaseKeepsPiece: Seize Power Base — Attacker wins, with the
	// Attacking Alliance at its limit for the type taken: the Defender's piece
	// stays (RULINGS 16 option; the default removes it and builds nothing).
	SeizePowerBaseKeepsPiece bool
	// BoardingActionWithoutFleet: a Boarding Action may be ordered without a
	// Fleet of the defending Alliance at the target Planet; a win then moves
	// no Fleet (RULINGS 15 option).
	BoardingActionWithoutFleet bool
	// TwoAllianceSetupPieces: the pieces of Infrastructure each of two
	// Alliances builds at set-up, 4 as the rules recommend ("we recommend
	// that each Alliance secretly builds 4 pieces of Infrastructure,
	// instead of 3") or 3, as with more.
	TwoAllianceSetupPieces int
	// XenobeastLanesOnly: Xenobeast Migration's "not connected to that
	// Planet" counts lanes only, a Support Facility ignored (RULINGS 21
	// option; the default counts it, as every "connected" does, RULINGS 4).
	XenobeastLanesOnly bool
	// OutcomePowerLevels is which Power Levels a battle's Campaign Outcome
	// is judged with (RULINGS 9): OutcomeLevelsBattle, the default, those
	// the battle was fought at (its battle sheet's); OutcomeLevelsProcessing,
	// those on the map when 2.4 processes it.
	OutcomePowerLevels string
	// LaurelOfVictoryBuilds is how long the Laurel of Victory's "No other
	// Alliance can build any Infrastructure on that Planet" holds (RULINGS
	// 40): LaurelBuildsCampaign, the default, the whole campaign;
	// LaurelBuildsSetup, the set-up only.
	LaurelOfVictoryBuilds string
	// ConfirmResults: a battle's result counts once both sides stand
	// behind it — the side that files it (filed_by) and a player of the
	// other side who confirms it (phases/NN/confirmations/<battle>.toml);
	// the other side may dispute it instead, for the Warmaster's ruling
	// (phases/NN/rulings/<battle>.toml). The default; false: a result
	// counts as filed.
	ConfirmResults bool
}

// The readings of `[rules] laurel_of_victory_builds` (RULINGS 40).
const (
	LaurelBuildsCampaign = "campaign"
	LaurelBuildsSetup    = "setup"
)

// The readings of `[rules] outcome_power_levels` (RULINGS 9).
const (
	OutcomeLevelsBattle     = "battle"
	OutcomeLevelsProcessing = "processing"
)

// JudgedAtProcessing reports whether outcomes read the Power Levels as 2.4
// processes them (`[rules] outcome_power_levels = "processing"`).
func (r Rules) JudgedAtProcessing() bool { return r.OutcomePowerLevels == OutcomeLevelsProcessing }

// Alliance is one side of the war.
type Alliance struct {
	ID   AllianceID
	Name string
	src  Src
}

// Player is a GitHub login in an Alliance.
type Player struct {
	Login     Login
	Alliance  AllianceID
	Warmaster bool
	// NoMentions: `mentions = false`, the player's opt-out of being
	// @-mentioned on the campaign's GitHub issue (warmaster notify names
	// them without the @, which GitHub does not notify).
	NoMentions bool
	Src        Src
}

// Fleet is a player's army on the map.
type Fleet struct {
	ID     FleetID
	Player Login
	Src    Src
}

// Deadlines of one phase's steps; a zero time means "wait for every input".
type Deadlines struct {
	Operations, Battles, Moves, Builds time.Time
	// Events: the Alliances' event choices (the `events` step). OpenTome:
	// An Open Tome's dominating Alliance's orders (the `open-tome` step);
	// when not given, 72 hours before Operations.
	Events, OpenTome time.Time
	// Tiebreak: the final phase's deadline for the final battle(s) of a tie
	// (End of the Campaign); past it, a roll-off decides.
	Tiebreak time.Time
	// Src is the [[deadlines]] table's place in campaign.toml (none when
	// the deadlines are a journal's: SetSaw).
	Src Src
}

// openTomeLead is how much earlier than the operations deadline the
// dominating Alliance's orders are due under An Open Tome, when
// [[deadlines]] open_tome is not given.
const openTomeLead = 72 * time.Hour

// For returns the deadline of the step that waits for input, if any.
func (d Deadlines) For(s Step) time.Time {
	switch s {
	case StepOperations:
		return d.Operations
	case StepBattles:
		return d.Battles
	case StepMoves:
		return d.Moves
	case StepBuilds:
		return d.Builds
	case StepEvents:
		return d.Events
	case StepOpenTome:
		if d.OpenTome.IsZero() && !d.Operations.IsZero() {
			return d.Operations.Add(-openTomeLead)
		}
		return d.OpenTome
	case StepTiebreak:
		return d.Tiebreak
	}
	return time.Time{}
}

// HasAlliance reports whether id names an Alliance.
func (c *Campaign) HasAlliance(id AllianceID) bool { _, ok := c.Alliance[id]; return ok }

// AllianceName is the Alliance's display name.
func (c *Campaign) AllianceName(id AllianceID) string { return c.Alliances[c.Alliance[id]].Name }

// PlayerOf returns the player with this login.
func (c *Campaign) PlayerOf(l Login) (Player, bool) {
	i, ok := c.player[l]
	if !ok {
		return Player{}, false
	}
	return c.Players[i], true
}

// Spelling is a login as campaign.toml spells it: GitHub's logins are the
// same whatever their case (the pull request's author "Bob" is the
// player "bob"), and the registry compares them so too.
func (c *Campaign) Spelling(l Login) Login {
	if _, ok := c.player[l]; ok {
		return l
	}
	for _, p := range c.Players {
		if strings.EqualFold(string(p.Login), string(l)) {
			return p.Login
		}
	}
	return l
}

// FleetOf returns the fleet with this id.
func (c *Campaign) FleetOf(id FleetID) (Fleet, bool) {
	i, ok := c.Fleet[id]
	if !ok {
		return Fleet{}, false
	}
	return c.Fleets[i], true
}

// FleetAlliance is the Alliance of the fleet's player.
func (c *Campaign) FleetAlliance(id FleetID) AllianceID {
	if i, ok := c.Fleet[id]; ok {
		return c.fleetAlliance[i]
	}
	return ""
}

// FleetAlliances are the Alliances of the Fleets, in campaign order (of
// Fleets[i], the i-th): for a caller that goes through every Fleet, which
// would otherwise look each up by its id. Not to be changed.
func (c *Campaign) FleetAlliances() []AllianceID { return c.fleetAlliance }

// FleetsOf lists a player's fleets in campaign order.
func (c *Campaign) FleetsOf(l Login) []FleetID {
	if i, ok := c.player[l]; ok {
		return c.fleetsOf[i]
	}
	return c.fleetsOfOther[l]
}

// AllianceFleets lists an Alliance's fleets in campaign order.
func (c *Campaign) AllianceFleets(a AllianceID) []FleetID { return c.allianceFleets[a] }

// index derives the lookups from the lists.
func (c *Campaign) index() {
	c.player = make(map[Login]int, len(c.Players))
	for i, p := range c.Players {
		c.player[p.Login] = i
	}
	c.Fleet = make(map[FleetID]int, len(c.Fleets))
	for i, f := range c.Fleets {
		c.Fleet[f.ID] = i
	}
	c.derive()
}

// derive derives the lookups of player and Fleet, which are made: by index
// from the lists, or by DecodeCampaign as it reads them.
//
// Each list is made at its size, counted first: appended to a step at a
// time, the lists of 100,000 players and fleets were most of what a
// campaign's decode allocated.
func (c *Campaign) derive() {
	c.fleetsOf, c.fleetsOfOther = make([][]FleetID, len(c.Players)), nil
	c.fleetAlliance = make([]AllianceID, len(c.Fleets))
	fleets, commanders := map[AllianceID]int{}, 0
	for j, f := range c.Fleets {
		var a AllianceID
		if i, ok := c.player[f.Player]; ok {
			a = c.Players[i].Alliance
			if c.fleetsOf[i] == nil {
				commanders++
			}
			c.fleetsOf[i] = append(c.fleetsOf[i], f.ID)
		} else {
			if c.fleetsOfOther == nil {
				c.fleetsOfOther = map[Login][]FleetID{}
			}
			c.fleetsOfOther[f.Player] = append(c.fleetsOfOther[f.Player], f.ID)
		}
		if c.origin != nil { // a player who left is in the origin only
			a = c.origin.FleetAlliance(f.ID) // a Fleet stays with its Alliance
		}
		c.fleetAlliance[j] = a
		fleets[a]++
	}
	c.allianceFleets = make(map[AllianceID][]FleetID, len(fleets))
	for a, n := range fleets {
		c.allianceFleets[a] = make([]FleetID, 0, n)
	}
	for j, f := range c.Fleets {
		a := c.fleetAlliance[j]
		c.allianceFleets[a] = append(c.allianceFleets[a], f.ID)
	}
	players := map[AllianceID]int{}
	for _, p := range c.Players {
		players[p.Alliance]++
	}
	c.playersOf = make(map[AllianceID][]Login, len(players))
	for a, n := range players {
		c.playersOf[a] = make([]Login, 0, n)
	}
	c.commanders = nil
	if commanders > 0 {
		c.commanders = make([]Login, 0, commanders)
	}
	for i, p := range c.Players {
		if len(c.fleetsOf[i]) > 0 {
			c.commanders = append(c.commanders, p.Login)
		}
		c.playersOf[p.Alliance] = append(c.playersOf[p.Alliance], p.Login)
	}
}

// PlayersOf lists an Alliance's players in campaign order. The list is
// the campaign's own, found once (a battle of a big campaign asks it of
// its defender): append to it, never write into it.
func (c *Campaign) PlayersOf(a AllianceID) []Login {
	if c.playersOf != nil {
		ps := c.playersOf[a]
		return ps[:len(ps):len(ps)]
	}
	var out []Login
	for _, p := range c.Players {
		if p.Alliance == a {
			out = append(out, p.Login)
		}
	}
	return out
}

// Commanders lists the players who control at least one fleet, in campaign order.
func (c *Campaign) Commanders() []Login { return c.commanders }

// AllianceIDs lists the Alliances in campaign order.
func (c *Campaign) AllianceIDs() []AllianceID {
	out := make([]AllianceID, len(c.Alliances))
	for i, a := range c.Alliances {
		out[i] = a.ID
	}
	return out
}

// SetupPieces is how many pieces of Infrastructure each Alliance builds at
// set-up: 3, or with only 2 Alliances 4, as the rules recommend (Alliances
// Decide on Infrastructure), unless [rules] two_alliance_setup_pieces = 3.
func (c *Campaign) SetupPieces() int {
	if len(c.Alliances) == 2 {
		return cmp.Or(c.Rules.TwoAllianceSetupPieces, 4)
	}
	return 3
}

// DecodeCampaign reads campaign.toml (already schema-valid) and checks what
// the schema cannot: unique ids, references between sections.
func DecodeCampaign(d Obj, fs *Faults) *Campaign {
	return DecodeCampaignRoll(d, nil, fs)
}

// Roll is campaign.toml's [[players]] and [[fleets]] in file order, read
// apart from its document: a public campaign has 100,000 of each, and a
// generic table for every one was the most of a big load's memory.
type Roll struct {
	Players []Player
	Fleets  []RosterFleet
}

// RosterFleet is a [[fleets]] entry: the fleet, and the planet a fleet
// whose player joins later starts at ("" for none).
type RosterFleet struct {
	Fleet
	Start PlanetID
}

// PlayerOf reads a [[players]] table.
func PlayerOf(p Obj) Player {
	return Player{Login: Login(p.Str("login")), Alliance: AllianceID(p.Str("alliance")), Warmaster: p.bool("warmaster"), NoMentions: p.has("mentions") && !p.bool("mentions"), Src: p.Src}
}

// RosterFleetOf reads a [[fleets]] table.
func RosterFleetOf(f Obj) RosterFleet {
	return RosterFleet{Fleet{ID: FleetID(f.Str("id")), Player: Login(f.Str("player")), Src: f.Src}, PlanetID(f.Str("start"))}
}

// RollOf reads d's [[players]] and [[fleets]].
func RollOf(d Obj) *Roll {
	players, fleets := d.Objs("players"), d.Objs("fleets")
	r := &Roll{Players: make([]Player, len(players)), Fleets: make([]RosterFleet, len(fleets))}
	for i, p := range players {
		r.Players[i] = PlayerOf(p)
	}
	for i, f := range fleets {
		r.Fleets[i] = RosterFleetOf(f)
	}
	return r
}

// DecodeCampaignRoll is DecodeCampaign with the [[players]] and
// [[fleets]] read apart (r; nil: read from d, as DecodeCampaign does).
func DecodeCampaignRoll(d Obj, r *Roll, fs *Faults) *Campaign {
	if r == nil {
		r = RollOf(d)
	}
	c := &Campaign{
		Name:       d.Str("name"),
		Phases:     d.int("phases"),
		Seed:       d.Obj("dice").Str("seed"),
		Commitment: d.Obj("dice").Str("commitment"),
		Deadlines:  map[int]Deadlines{},
		Alliance:   map[AllianceID]int{},
	}
	if d.has("time_zone") {
		c.Zone = decodeZone(d, fs)
	}
	switch dice := d.Obj("dice"); {
	case c.Seed == "" && c.Commitment == "":
		fs.Add(dice.Src, "give the dice a public seed (seed = \"any text\") or commit to a secret key (commitment = \"sha256:<hex>\")")
	case c.Seed != "" && c.Commitment != "":
		fs.Add(dice.Src.At("commitment"), "give either a public seed or a commitment to a secret key, not both")
	}
	if sec := d.Obj("secrecy"); sec.has("recipient") {
		c.Recipient = sec.Str("recipient")
		if _, err := age.ParseX25519Recipient(c.Recipient); err != nil {
			fs.Add(sec.Src.At("recipient"), "not an age X25519 recipient (%v): copy the \"public key: age1…\" line age-keygen prints", err)
		}
	}
	c.GitHub = decodeGitHub(d)
	rules := d.Obj("rules")
	c.Rules = Rules{Events: !rules.has("events") || rules.bool("events"), OrbitalInvasionDefenderPower: rules.bool("orbital_invasion_defender_power")}
	c.Rules.SeizePowerBaseKeepsPiece = rules.bool("seize_power_base_keeps_piece")
	c.Rules.BoardingActionWithoutFleet = rules.bool("boarding_action_without_fleet")
	c.Rules.XenobeastLanesOnly = rules.bool("xenobeast_lanes_only")
	c.Rules.TwoAllianceSetupPieces = 4
	if rules.has("two_alliance_setup_pieces") {
		c.Rules.TwoAllianceSetupPieces = rules.int("two_alliance_setup_pieces") // the schema's enum
	}
	c.Rules.ConfirmResults = !rules.has("confirm_results") || rules.bool("confirm_results")
	c.Rules.OutcomePowerLevels = OutcomeLevelsBattle
	if rules.has("outcome_power_levels") {
		c.Rules.OutcomePowerLevels = rules.Str("outcome_power_levels") // the schema's enum
	}
	c.Rules.LaurelOfVictoryBuilds = LaurelBuildsCampaign
	if rules.has("laurel_of_victory_builds") {
		c.Rules.LaurelOfVictoryBuilds = rules.Str("laurel_of_victory_builds") // the schema's enum
	}
	for _, a := range d.Objs("alliances") {
		id := AllianceID(a.Str("id"))
		if _, dup := c.Alliance[id]; dup {
			fs.Add(a.Src.At("id"), "alliance %q is declared twice", id)
			continue
		}
		c.Alliance[id] = len(c.Alliances)
		c.Alliances = append(c.Alliances, Alliance{ID: id, Name: a.Str("name"), src: a.Src})
	}
	// Sized: 100,000 players and fleets in a public campaign, grown a
	// step at a time 72 MB allocated for 24.
	c.Players, c.player = make([]Player, 0, len(r.Players)), make(map[Login]int, len(r.Players))
	c.Fleets, c.Fleet = make([]Fleet, 0, len(r.Fleets)), make(map[FleetID]int, len(r.Fleets))
	for _, pl := range r.Players {
		if _, dup := c.player[pl.Login]; dup {
			fs.Add(pl.Src.At("login"), "player %q is declared twice", pl.Login)
			continue
		}
		if !c.HasAlliance(pl.Alliance) {
			fs.Add(pl.Src.At("alliance"), "unknown alliance %q; %s", pl.Alliance, Hint(fs, string(pl.Alliance), c.AllianceIDs(), "valid: "+report.OneOf(c.AllianceIDs())))
		}
		if pl.Warmaster {
			if first, ok := c.Warmaster(); ok {
				fs.Add(pl.Src.At("warmaster"), "only one player can be the Warmaster, and %s is: remove warmaster = true from one of the two", first)
			}
		}
		c.player[pl.Login] = len(c.Players)
		c.Players = append(c.Players, pl)
	}
	// named: players a [[fleets]] entry is meant for, though the entry is
	// at fault (its id declared twice, its player misspelt).
	named := map[Login]bool{}
	for _, rf := range r.Fleets {
		fl := rf.Fleet
		if _, dup := c.Fleet[fl.ID]; dup {
			fs.Add(fl.Src.At("id"), "fleet %q is declared twice", fl.ID)
			named[fl.Player] = true
			continue
		}
		if _, ok := c.PlayerOf(fl.Player); !ok {
			fs.Add(fl.Src.At("player"), "unknown player %q; %s", fl.Player, Hint(fs, string(fl.Player), c.Logins(), "valid: "+report.OneOf(c.Logins())))
			for _, m := range Closest(fs, string(fl.Player), c.Logins()) {
				named[m] = true
			}
		}
		c.Fleet[fl.ID] = len(c.Fleets)
		c.Fleets = append(c.Fleets, fl)
	}
	c.Medals = decodeMedalRecords(d)
	c.derive() // player and Fleet are made
	c.decodeRoster(d, r.Fleets, fs)
	// Each player needs at least one Fleet to control (Determine Warmaster,
	// Alliances and Fleets); one who joins later gets theirs then.
	for i, p := range c.Players {
		// One mistake, one fault: the fleet meant for a player is at fault,
		// and the player is not also said to control no fleet.
		if len(c.fleetsOf[i]) == 0 && !p.Warmaster && !c.Late[p.Login] && !named[p.Login] {
			fs.Add(p.Src.At("login"), "player %q controls no fleet; every player needs at least one (add a [[fleets]] entry; a player who comes mid-campaign also joins with a [[roster_changes]] entry; if you gave their fleets to another player by editing player = …, put it back: a player hands over with a [[roster_changes]] entry from a step still to come, hand = %q, to = \"<login>\", or leaves with leave = %q — docs/organisers.md, \"Players who join late, drop out, or hand over\")", p.Login, p.Login, p.Login)
		}
	}
	for _, a := range c.Alliances {
		if len(c.AllianceFleets(a.ID)) == 0 {
			fs.Add(a.src.At("id"), "alliance %q has no fleet", a.ID)
		}
	}
	for _, dl := range d.Objs("deadlines") {
		ph := dl.int("phase")
		if ph > c.Phases {
			fs.Add(dl.Src.At("phase"), "phase %d is past the campaign's last phase (%d)", ph, c.Phases)
		}
		if _, dup := c.Deadlines[ph]; dup {
			fs.Add(dl.Src.At("phase"), "deadlines for phase %d are given twice", ph)
			continue
		}
		x := Deadlines{Src: dl.Src}
		x.Operations, _ = dl.time("operations") // a deadline always has its zone: the schema's date-time
		x.Battles, _ = dl.time("battles")
		x.Moves, _ = dl.time("moves")
		x.Builds, _ = dl.time("builds")
		x.Events, _ = dl.time("events")
		x.OpenTome, _ = dl.time("open_tome")
		x.Tiebreak, _ = dl.time("tiebreak")
		if dl.has("tiebreak") && ph != c.Phases {
			// End of the Campaign: only the final phase can end tied.
			fs.Add(dl.Src.At("tiebreak"), "a tiebreak deadline belongs to the final phase (%d): the campaign ends in its step 3", c.Phases)
		}
		if !x.Tiebreak.IsZero() && !x.Battles.IsZero() && x.Tiebreak.Before(x.Battles) {
			fs.Add(dl.Src.At("tiebreak"), "the tiebreak deadline is before the battles deadline: the final battle is played after the campaign ends in step 3")
		}
		order := []struct {
			key string
			t   time.Time
		}{{"open_tome", x.OpenTome}, {"operations", x.Operations}, {"battles", x.Battles}, {"events", x.Events}, {"moves", x.Moves}, {"builds", x.Builds}}
		var last time.Time
		var lastKey string
		for _, o := range order {
			if o.t.IsZero() {
				continue
			}
			if !last.IsZero() && o.t.Before(last) {
				fs.Add(dl.Src.At(o.key), "the %s deadline is before the %s deadline; steps run in order", o.key, lastKey)
			}
			last, lastKey = o.t, o.key
		}
		c.Deadlines[ph] = x
	}
	c.decodeForcedEvents(d, fs)
	return c
}

func (c *Campaign) Logins() []Login {
	out := make([]Login, len(c.Players))
	for i, p := range c.Players {
		out[i] = p.Login
	}
	return out
}

func (c *Campaign) FleetIDs() []FleetID {
	out := make([]FleetID, len(c.Fleets))
	for i, f := range c.Fleets {
		out[i] = f.ID
	}
	return out
}

// DiceKey is the key of the dice streams: the public seed, or the secret key
// given to the run, which must hash to the campaign's commitment.
func (c *Campaign) DiceKey(secret string) (string, error) {
	if c.Commitment == "" {
		return c.Seed, nil
	}
	if secret == "" {
		return "", fmt.Errorf("campaign.toml commits the dice to a secret key: set WARMASTER_DICE_KEY to it")
	}
	if got := KeyCommitment(secret); got != c.Commitment {
		return "", fmt.Errorf("the dice key does not match campaign.toml's commitment (%s, the key hashes to %s)", c.Commitment, got)
	}
	return secret, nil
}

// KeyCommitment is what campaign.toml publishes for a secret dice key.
func KeyCommitment(key string) string {
	sum := sha256.Sum256([]byte(key))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// PlayerAlliance is a player's Alliance as the campaign stands, or "".
func (c *Campaign) PlayerAlliance(l Login) AllianceID {
	p, _ := c.PlayerOf(l)
	return p.Alliance
}

// BattleFleet is the attacking fleet of a battle id: the fleet's id, or
// <fleet>-2 for its second operation under Defiant Zeal.
func (c *Campaign) BattleFleet(id string) (FleetID, bool) {
	if _, ok := c.FleetOf(FleetID(id)); ok {
		return FleetID(id), true
	}
	if f, ok := strings.CutSuffix(id, "-2"); ok {
		if _, ok := c.FleetOf(FleetID(f)); ok {
			return FleetID(f), true
		}
	}
	return "", false
}

// DeadlineTexts are the campaign's deadlines as reports write them.
func (c *Campaign) DeadlineTexts() map[string]bool {
	out := map[string]bool{}
	for _, d := range c.Deadlines {
		for s := StepSetup; s <= StepEnded; s++ {
			if t := d.For(s); !t.IsZero() {
				out[c.When(t)] = true
			}
		}
	}
	return out
}

// When is a time as reports and the README show it: in UTC
// ("2027-01-08 18:00 UTC"), and, when campaign.toml names the club's
// time_zone, first in it ("2027-01-08 19:00 CET (18:00 UTC)",
// "2027-01-09 05:00 AEDT (2027-01-08 18:00 UTC)").
func (c *Campaign) When(t time.Time) string {
	utc := t.UTC()
	if c == nil || c.Zone == nil {
		return utc.Format("2006-01-02 15:04 MST")
	}
	local := t.In(c.Zone)
	name, off := local.Zone()
	if off == 0 && (name == "UTC" || name == "") {
		return utc.Format("2006-01-02 15:04 MST")
	}
	if local.Format("2006-01-02") == utc.Format("2006-01-02") {
		return local.Format("2006-01-02 15:04 MST") + " (" + utc.Format("15:04 MST") + ")"
	}
	return local.Format("2006-01-02 15:04 MST") + " (" + utc.Format("2006-01-02 15:04 MST") + ")"
}

// decodeZone reads time_zone: an IANA name (Europe/London), from Go's
// embedded tz database where the system has none.
func decodeZone(d Obj, fs *Faults) *time.Location {
	name := d.Str("time_zone")
	at := d.Src.At("time_zone")
	if off, ok := zoneAbbreviations[strings.ToUpper(name)]; ok {
		fs.Add(at, "%q is an abbreviation, which names no place's summer and winter time: give the IANA name of the club's zone, such as %s", name, off)
		return nil
	}
	if name == "Local" || strings.HasPrefix(name, "/") || strings.Contains(name, "..") || strings.ContainsAny(name, "\\ \t") {
		fs.Add(at, "%q is not an IANA time zone name: write one such as Europe/London, Europe/Berlin or America/New_York", name)
		return nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		fs.Add(at, "%q is not an IANA time zone name: write one such as Europe/London, Europe/Berlin or America/New_York (the names of the tz database: Area/City, with capitals as written there)", name)
		return nil
	}
	return loc
}

// zoneAbbreviations are abbreviations people give for a time zone, and
// the IANA names to suggest instead.
var zoneAbbreviations = map[string]string{
	"GMT": "Europe/London", "BST": "Europe/London", "CET": "Europe/Berlin or Europe/Paris", "CEST": "Europe/Berlin or Europe/Paris",
	"EET": "Europe/Helsinki or Europe/Athens", "EEST": "Europe/Helsinki or Europe/Athens", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
	"EST": "America/New_York", "EDT": "America/New_York", "CST": "America/Chicago", "CDT": "America/Chicago",
	"MST": "America/Denver", "MDT": "America/Denver", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
	"AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}

// Warmaster is the login of the player who is the Warmaster, if any.
func (c *Campaign) Warmaster() (Login, bool) {
	for _, p := range c.Players {
		if p.Warmaster {
			return p.Login, true
		}
	}
	return "", false
}
