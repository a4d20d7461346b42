package processor

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/warmaster/warmaster/processor/enum"
)

// State is the campaign map as it stands: state.toml.
type State struct {
	Phase  int
	Step   Step
	Points map[AllianceID]int // the Points Tracker, as last updated in step 3
	// Planets, in map order.
	Planets []*PlanetState
	// Fleets' planets.
	Fleets map[FleetID]PlanetID
	// Orders are this phase's Campaign Operations once revealed (2.1), kept
	// until the phase's steps that use them are done.
	Orders []Order
	// ordersShared: Orders' array is also a clone's (Clone shares it, as
	// a step rarely changes an order in place); SetTheatre copies it first.
	ordersShared bool
	// Engines are the war engines' conditions (warengines.go).
	Engines map[EngineID]EngineCondition
	// Events are this phase's Vespator Front Events waiting for the
	// Alliances' choices (step `events`); Effects, those taking effect in a
	// later phase (Phase), kept until it is over. StellarStorms is the phase
	// Stellar Storms took effect in (0: not yet; at most once, RULINGS 13).
	Events        []Effect
	Effects       []Effect
	StellarStorms int
	// Stalled are the Fleets that cannot move in this Campaign phase's Move
	// Fleets step (Boarding Action — Defender wins), kept until step 4 is done.
	Stalled []FleetID
	// stalled is Stalled as a set, for IsStalled: made when first asked,
	// for the Stalled it was made of (as many, the same first).
	stalled stalledSet
	// End is set when the campaign is over, or waits for its tie-break.
	End *End
	// Benefits are the Campaign Medal benefits this campaign's Alliances
	// hold, decided at set-up from campaign.toml's [[medals]].
	Benefits map[Medal]AllianceID
	// pieces counts each Alliance's pieces of each type on the map: made
	// when Count is first asked, then kept by SetLocation, through which
	// every location changes (Count was asked for every Raise Edifices
	// and every build, and counted the whole map each time).
	pieces map[pieceKey]int
	// LaurelPlanet is the planet the Laurel of Victory's holder selected at
	// set-up (its Stronghold planet then), "" when no Alliance did. It stays
	// that planet for the campaign, wherever the Stronghold goes later.
	LaurelPlanet PlanetID
	// Roster is how many of campaign.toml's [[roster_changes]] are in
	// effect (roster.go).
	Roster int

	C *Campaign
}

// PlanetState is one planet's Power Levels and Infrastructure locations.
type PlanetState struct {
	ID        PlanetID
	Power     map[AllianceID]int
	Locations []Location
}

// LocStatus is the state of one Infrastructure location.
type LocStatus int

const (
	Empty LocStatus = iota
	Built
	Ruined // destroyed location: nothing can be built on it again
)

var locNames = enum.Names[LocStatus]{"empty", "built", "destroyed"}

func (s LocStatus) String() string                { return locNames.Name(s) }
func (s LocStatus) MarshalText() ([]byte, error)  { return []byte(s.String()), nil }
func (s *LocStatus) UnmarshalText(b []byte) error { return locNames.Unmarshal(s, b) }

// Location is one Infrastructure location and what is built on it.
type Location struct {
	Status   LocStatus
	Alliance AllianceID // when Built
	Type     InfraType  // when Built
}

// End is how the campaign ended (End of the Campaign).
type End struct {
	Winner AllianceID   // empty while a tie-break battle is still to be played
	Tied   []AllianceID // the Alliances tied on points, if any
	How    string       // how the winner was decided, in words
	// Medals are the Campaign Medals, in the order they were decided
	// (RULINGS 23), once the victor is known.
	Medals []MedalAward
}

func NewState(c *Campaign) *State {
	s := &State{C: c, Points: map[AllianceID]int{}, Fleets: map[FleetID]PlanetID{}}
	s.Engines = c.initialEngines()
	for _, p := range c.Map.Planets {
		ps := &PlanetState{ID: p.ID, Power: map[AllianceID]int{}, Locations: make([]Location, p.Locations)}
		s.Planets = append(s.Planets, ps)
	}
	return s
}

// Clone is a deep copy of s (the orders shared until one is set in
// place: SetTheatre). Its maps are never nil (NewState makes them)
// but for Benefits, nil until set-up gives them (benefits.go makes a fresh
// map then), and maps.Clone keeps a nil map nil.
func (s *State) Clone() *State {
	n := *s
	n.Points = maps.Clone(s.Points)
	n.Fleets = maps.Clone(s.Fleets)
	n.pieces = maps.Clone(s.pieces) // a clone's changes are its own
	n.Planets = make([]*PlanetState, len(s.Planets))
	for i, p := range s.Planets {
		q := *p
		q.Power = maps.Clone(p.Power)
		q.Locations = slices.Clone(p.Locations)
		n.Planets[i] = &q
	}
	// The orders are shared, not copied (100,000 of them in a big phase,
	// and a run clones the state twice): clipped, so an append to either
	// copies, and SetTheatre, the one change in place, copies first.
	n.Orders = slices.Clip(s.Orders)
	n.ordersShared, s.ordersShared = true, true
	n.Engines = maps.Clone(s.Engines) // conditions are values: package engines never changes one in place
	n.Events, n.Effects = cloneEffects(s.Events), cloneEffects(s.Effects)
	n.Stalled = slices.Clone(s.Stalled)
	n.stalled = stalledSet{} // made again for the clone's own
	if s.End != nil {
		e := *s.End
		e.Tied = slices.Clone(s.End.Tied)
		e.Medals = slices.Clone(s.End.Medals)
		n.End = &e
	}
	n.Benefits = maps.Clone(s.Benefits)
	return &n
}

// SetTheatre sets order i's Theatre (Sinister Omens rolls it), on an
// array of the orders of s's own.
func (s *State) SetTheatre(i int, theatre string) {
	if s.ordersShared {
		s.Orders, s.ordersShared = slices.Clone(s.Orders), false
	}
	s.Orders[i].Theatre = theatre
}

func (s *State) Planet(id PlanetID) *PlanetState { return s.Planets[s.C.Map.Index[id]] }

// Destroyed reports whether the planet is uninhabitable: the last of its
// Infrastructure locations is destroyed (Destroying a Planet).
func (s *State) Destroyed(id PlanetID) bool {
	for _, l := range s.Planet(id).Locations {
		if l.Status != Ruined {
			return false
		}
	}
	return true
}

// Power is an Alliance's Power Level at a planet.
func (s *State) Power(p PlanetID, a AllianceID) int { return s.Planet(p).Power[a] }

// TotalPower is an Alliance's combined Power Level across all Planets.
func (s *State) TotalPower(a AllianceID) int {
	n := 0
	for _, p := range s.Planets {
		n += p.Power[a]
	}
	return n
}

// Pieces counts an Alliance's pieces of a type at a planet.
func (s *State) Pieces(p PlanetID, a AllianceID, t InfraType) int { return piecesOn(s.Planet(p), a, t) }

// piecesOn is Pieces of a planet's state, for a caller that has it by its
// index (AppliesAt: no look-up by ID, of a planet it had by index).
func piecesOn(ps *PlanetState, a AllianceID, t InfraType) int {
	n := 0
	for _, l := range ps.Locations {
		if l.Status == Built && l.Alliance == a && l.Type == t {
			n++
		}
	}
	return n
}

// IsStalled reports whether a Fleet is among the Stalled: asked for every
// fleet and every move of a phase, of thousands of stalled fleets.
func (s *State) IsStalled(f FleetID) bool { return s.stalled.has(s.Stalled, f) }

// stalledSet is a list of fleets as a set, for the list it was made of:
// the same array, and as many or more (a list only ever appended to, or
// made anew).
type stalledSet struct {
	set   map[FleetID]bool
	n     int
	first *FleetID
}

func (st *stalledSet) has(list []FleetID, f FleetID) bool {
	if len(list) == 0 {
		return false
	}
	if st.set == nil || st.first != &list[0] || st.n > len(list) {
		st.set, st.n, st.first = make(map[FleetID]bool, len(list)), 0, &list[0]
	}
	for _, x := range list[st.n:] {
		st.set[x] = true
	}
	st.n = len(list)
	return st.set[f]
}

// Count counts an Alliance's pieces of a type on the whole map.
func (s *State) Count(a AllianceID, t InfraType) int {
	if s.pieces == nil {
		s.pieces = map[pieceKey]int{}
		for _, p := range s.Planets {
			for _, l := range p.Locations {
				if l.Status == Built {
					s.pieces[pieceKey{l.Alliance, l.Type}]++
				}
			}
		}
	}
	n := s.pieces[pieceKey{a, t}]
	if testing.Testing() {
		// Every test holds the count kept to the map: a location changed
		// other than by SetLocation would show here.
		if m := countOnMap(s, a, t); m != n {
			panic(fmt.Sprintf("processor: %s's %s pieces counted %d, the map has %d: a location was changed other than by SetLocation", a, t.Title(), n, m))
		}
	}
	return n
}

// pieceKey is an Alliance's pieces of a type.
type pieceKey struct {
	a AllianceID
	t InfraType
}

// countOnMap is s.Count, counted on the map.
func countOnMap(s *State, a AllianceID, t InfraType) int {
	n := 0
	for _, p := range s.Planets {
		n += s.Pieces(p.ID, a, t)
	}
	return n
}

// SetLocation sets location i (0-based) of a planet: every change of a
// location is made by it, which keeps Count's counts.
func (s *State) SetLocation(p PlanetID, i int, l Location) {
	ps := s.Planet(p)
	if s.pieces != nil {
		if o := ps.Locations[i]; o.Status == Built {
			s.pieces[pieceKey{o.Alliance, o.Type}]--
		}
		if l.Status == Built {
			s.pieces[pieceKey{l.Alliance, l.Type}]++
		}
	}
	ps.Locations[i] = l
}

// FreeLocations counts the undestroyed, unoccupied locations of a planet.
func (s *State) FreeLocations(p PlanetID) int {
	n := 0
	for _, l := range s.Planet(p).Locations {
		if l.Status == Empty {
			n++
		}
	}
	return n
}

// StrongholdAt returns the planet of the Alliance's Stronghold, if it is on the map.
func (s *State) StrongholdAt(a AllianceID) (PlanetID, bool) {
	for _, p := range s.Planets {
		if s.Pieces(p.ID, a, Stronghold) > 0 {
			return p.ID, true
		}
	}
	return "", false
}

// Connected lists the planets connected to from for an Alliance's players:
// those one lane away and, for a Support Facility of the Alliance at from,
// those at a distance of 2 ("considered connected to it, but not vice
// versa", RULINGS 4), except while Void Piracy switches them off. Map order.
func (s *State) Connected(a AllianceID, from PlanetID) []PlanetID {
	out := s.C.Map.Neighbours(from)
	if s.Pieces(from, a, SupportFacility) > 0 && !s.supportFacilitiesOff() {
		// Support Facility — planets at a distance of 2 count as connected.
		out = append(out, s.C.Map.AtDistance(from, 2)...)
		slices.SortFunc(out, func(x, y PlanetID) int { return s.C.Map.Index[x] - s.C.Map.Index[y] })
	}
	return out
}

// IsConnected reports whether to is connected to from for an Alliance.
func (s *State) IsConnected(a AllianceID, from, to PlanetID) bool {
	return slices.Contains(s.Connected(a, from), to)
}

// InReach reports whether p is at or connected to from for an Alliance.
func (s *State) InReach(a AllianceID, from, p PlanetID) bool {
	return from == p || s.IsConnected(a, from, p)
}

// AppliesAt reports whether an Alliance's piece of type t sits at p or at a
// planet p is connected to — "at this or a connected Planet" (Stronghold,
// Staging Grounds).
//
// Only the planets p can be reached from are looked at — p, its neighbours
// (lanes go both ways) and those 2 lanes away (a Support Facility's reach)
// — not the whole map: it is asked for every battle.
func (s *State) AppliesAt(a AllianceID, t InfraType, p PlanetID) bool {
	m := s.C.Map
	applies := func(j int) bool { // s.Planets is in the map's order
		return piecesOn(s.Planets[j], a, t) > 0 && s.InReach(a, m.Planets[j].ID, p)
	}
	i := m.Index[p]
	if applies(i) {
		return true
	}
	// The neighbours, and theirs (2 lanes away, or back at p or another
	// neighbour: asking those again changes nothing).
	for _, j := range m.adj[i] {
		if applies(j) {
			return true
		}
		for _, k := range m.adj[j] {
			if applies(k) {
				return true
			}
		}
	}
	return false
}

// MinPower is the Alliance's minimum Power Level at a planet: 1, plus 1 for
// each of its Fortification Lines there, at most 4 (Fortification Line; RULINGS 2).
func (s *State) MinPower(p PlanetID, a AllianceID) int {
	return min(4, 1+s.Pieces(p, a, FortificationLine))
}

// Raise adds 1 to an Alliance's Power Level at a planet. Increases stop at
// 4; a destroyed planet stays at 0 (RULINGS 1). It says what happened.
func (s *State) Raise(p PlanetID, a AllianceID) string {
	ps := s.Planet(p)
	switch {
	case s.Destroyed(p):
		return fmt.Sprintf("%s is destroyed: %s's Power Level stays 0", p, a)
	case ps.Power[a] >= 4:
		return fmt.Sprintf("%s's Power Level at %s is already 4 (the maximum)", a, p)
	}
	ps.Power[a]++
	return fmt.Sprintf("%s's Power Level at %s rises to %d", a, p, ps.Power[a])
}

// Lower subtracts 1 from an Alliance's Power Level at a planet. A reduction
// below the Alliance's minimum there destroys one of its Fortification Lines
// instead (Fortification Line; RULINGS 2); decreases stop at 1 (RULINGS 1).
func (s *State) Lower(p PlanetID, a AllianceID) string {
	ps := s.Planet(p)
	switch {
	case s.Destroyed(p):
		return fmt.Sprintf("%s is destroyed: %s's Power Level stays 0", p, a)
	case ps.Power[a]-1 < s.MinPower(p, a) && s.Pieces(p, a, FortificationLine) > 0:
		s.RemovePiece(p, a, FortificationLine)
		return fmt.Sprintf("a Fortification Line of %s at %s is destroyed instead; its Power Level stays %d", a, p, ps.Power[a])
	case ps.Power[a] <= 1:
		return fmt.Sprintf("%s's Power Level at %s is already 1 (the minimum)", a, p)
	}
	ps.Power[a]--
	return fmt.Sprintf("%s's Power Level at %s falls to %d", a, p, ps.Power[a])
}

// BuildableFor lists the planets, in map order, where Alliance a can build
// a piece of type t now (CanBuild).
func BuildableFor(s *State, a AllianceID, t InfraType) []PlanetID {
	var out []PlanetID
	for _, p := range s.C.Map.IDs() {
		if s.CanBuild(p, a, t) == "" {
			out = append(out, p)
		}
	}
	return out
}

// CanBuild says why an Alliance cannot build a piece at a planet, or "" if it can:
// an undestroyed, unoccupied location (Infrastructure), not another
// Alliance's Laurel of Victory planet (LaurelBar), and the Alliance's limit
// for the type (Building Infrastructure).
func (s *State) CanBuild(p PlanetID, a AllianceID, t InfraType) string {
	switch {
	case s.Destroyed(p):
		return fmt.Sprintf("%s is destroyed", p)
	case s.LaurelBar(p, a) != "":
		return s.LaurelBar(p, a)
	case s.FreeLocations(p) == 0:
		return fmt.Sprintf("%s has no free Infrastructure location (%s)", p, s.DescribeLocations(p))
	case s.Count(a, t) >= t.Limit():
		return fmt.Sprintf("%s already has %d %s pieces, the limit", a, t.Limit(), t.Title())
	}
	return ""
}

// LaurelBar says why an Alliance cannot build at a planet because of the
// Laurel of Victory, or "": "No other Alliance can build any Infrastructure
// on that Planet", with no time limit, and the benefit lasts "for the
// duration of that campaign" (RULINGS 40). With `[rules]
// laurel_of_victory_builds = "setup"` it holds at set-up only (set-up's
// own check, phase.barred), so never here.
func (s *State) LaurelBar(p PlanetID, a AllianceID) string {
	holder, ok := s.Benefits[LaurelOfVictory]
	if p == "" || p != s.LaurelPlanet || !ok || holder == a || s.C.Rules.LaurelOfVictoryBuilds == LaurelBuildsSetup {
		return ""
	}
	return fmt.Sprintf("%s is %s's Laurel of Victory planet, where no other Alliance can build any Infrastructure for the whole campaign (RULINGS 40)", p, holder)
}

// Build puts an Alliance's piece on the planet's first free location. A new
// Fortification Line raises the Power Level to the new minimum (Fortification Line).
// The caller has checked CanBuild.
func (s *State) Build(p PlanetID, a AllianceID, t InfraType) string {
	for i, l := range s.Planet(p).Locations {
		if l.Status == Empty {
			return s.BuildAt(p, i, a, t)
		}
	}
	panic("processor: Build without a free location")
}

// BuildAt puts an Alliance's piece on location i (0-based, empty) of a
// planet, as Build does.
func (s *State) BuildAt(p PlanetID, i int, a AllianceID, t InfraType) string {
	ps := s.Planet(p)
	s.SetLocation(p, i, Location{Status: Built, Alliance: a, Type: t})
	msg := fmt.Sprintf("%s builds a %s at %s", a, t.Title(), p)
	if t == FortificationLine {
		if m := s.MinPower(p, a); ps.Power[a] < m {
			ps.Power[a] = m
			msg += fmt.Sprintf("; its Power Level there rises to the new minimum, %d", m)
		}
	}
	return msg
}

// RemovePiece removes one of an Alliance's pieces of a type from a planet,
// leaving the location empty. It reports whether there was one.
func (s *State) RemovePiece(p PlanetID, a AllianceID, t InfraType) bool {
	ps := s.Planet(p)
	for i := len(ps.Locations) - 1; i >= 0; i-- {
		l := ps.Locations[i]
		if l.Status == Built && l.Alliance == a && l.Type == t {
			s.SetLocation(p, i, Location{})
			return true
		}
	}
	return false
}

// DestroyLocation destroys one Infrastructure location and whatever is built
// on it. When the last location goes, the planet is destroyed: every
// Alliance's Power Level there becomes 0 (Destroying a Planet).
func (s *State) DestroyLocation(p PlanetID, i int) []string {
	ps := s.Planet(p)
	var out []string
	if l := ps.Locations[i]; l.Status == Built {
		out = append(out, fmt.Sprintf("%s's %s at %s is destroyed", l.Alliance, l.Type.Title(), p))
	}
	s.SetLocation(p, i, Location{Status: Ruined})
	out = append(out, fmt.Sprintf("Infrastructure location %d of %s is destroyed", i+1, p))
	if s.Destroyed(p) {
		for _, a := range s.C.AllianceIDs() {
			ps.Power[a] = 0
		}
		out = append(out, fmt.Sprintf("%s is destroyed: every Alliance's Power Level there is 0", p))
	}
	return out
}

func (s *State) DescribeLocations(p PlanetID) string {
	var parts []string
	for _, l := range s.Planet(p).Locations {
		switch l.Status {
		case Empty:
			parts = append(parts, "empty")
		case Ruined:
			parts = append(parts, "destroyed")
		default:
			parts = append(parts, fmt.Sprintf("%s %s", l.Alliance, l.Type))
		}
	}
	return strings.Join(parts, ", ")
}

// FleetsByPlanet lists the fleets at each planet, in campaign order.
func (s *State) FleetsByPlanet() map[PlanetID][]FleetID {
	out := map[PlanetID][]FleetID{}
	for _, f := range s.C.Fleets {
		p := s.Fleets[f.ID]
		out[p] = append(out[p], f.ID)
	}
	return out
}

// UpdatePoints recomputes the Points Tracker: for each Alliance its combined
// Power Level across all Planets, plus 3 if its Stronghold has not been
// destroyed (Results and Vespator Front Events; RULINGS 11).
func (s *State) UpdatePoints() {
	for _, a := range s.C.AllianceIDs() {
		n := s.TotalPower(a)
		if _, ok := s.StrongholdAt(a); ok {
			n += 3
		}
		s.Points[a] = n
	}
}

// IntactConnected lists the undestroyed planets connected to p for an Alliance.
func (s *State) IntactConnected(a AllianceID, p PlanetID) []PlanetID {
	var out []PlanetID
	for _, q := range s.Connected(a, p) {
		if !s.Destroyed(q) {
			out = append(out, q)
		}
	}
	return out
}

// Reachable lists a planet and those connected to it for an Alliance, never
// a destroyed one: the planets a fleet there can target (RULINGS 5), and
// where an Alliance's +1s for Archeotech Riches there may go.
func (s *State) Reachable(a AllianceID, from PlanetID) []PlanetID {
	var out []PlanetID
	for _, p := range append([]PlanetID{from}, s.Connected(a, from)...) {
		if !s.Destroyed(p) {
			out = append(out, p)
		}
	}
	return out
}

// DropExpiredEffects forgets the effects of phases that are over.
func (s *State) DropExpiredEffects() {
	s.Effects = slices.DeleteFunc(s.Effects, func(e Effect) bool { return e.Phase < s.Phase })
}

// CoordinatedOpposition reports whether an Alliance fighting foe may treat
// its Power Level as 1 higher or lower for the Mission Rules and Campaign
// Outcomes: foe is the dominating Alliance of a Coordinated Opposition in
// force.
func (s *State) CoordinatedOpposition(a, foe AllianceID) bool {
	return a != foe && s.ActiveFor(CoordinatedOpposition, foe)
}

// AdjustBy names the source of a victor's ±1 for the Campaign Outcomes:
// its Stronghold, else Coordinated Opposition against foe (RULINGS 8).
func (s *State) AdjustBy(victor, foe AllianceID, p PlanetID) string {
	if !s.AppliesAt(victor, Stronghold, p) && s.CoordinatedOpposition(victor, foe) {
		return "Coordinated Opposition"
	}
	return "Stronghold"
}

// PieceAt is the index of the first location of a planet holding an
// Alliance's piece of a type, or -1.
func (s *State) PieceAt(p PlanetID, a AllianceID, t InfraType) int {
	return slices.IndexFunc(s.Planet(p).Locations, func(l Location) bool {
		return l.Status == Built && l.Alliance == a && l.Type == t
	})
}

// FirstPiece is the index of the first location of a planet holding an
// Alliance's piece other than a Stronghold, or -1.
func (s *State) FirstPiece(p PlanetID, a AllianceID) int {
	return slices.IndexFunc(s.Planet(p).Locations, func(l Location) bool {
		return l.Status == Built && l.Alliance == a && l.Type != Stronghold
	})
}

// WithinLimit lists the types an Alliance can still build, of those allowed.
func (s *State) WithinLimit(a AllianceID, allowed ...InfraType) []InfraType {
	var out []InfraType
	for _, t := range allowed {
		if s.Count(a, t) < t.Limit() {
			out = append(out, t)
		}
	}
	return out
}
