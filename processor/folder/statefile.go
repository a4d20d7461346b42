package folder

import (
	"errors"
	"io/fs"
	"runtime"
	"slices"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
	"github.com/warmaster/warmaster/schema"
)

// EncodeState writes the state in a state format: owntoml.StateFormat, or
// 0 as warmaster wrote it before formats were numbered (a replay of a run
// journaled then).
func EncodeState(s *processor.State, format int) []byte {
	f := owntoml.StateDoc{Format: format, Phase: s.Phase, Step: s.Step, Points: map[string]int{}, Planets: map[string]owntoml.PlanetFile{}, Roster: s.Roster, LaurelPlanet: string(s.LaurelPlanet)}
	for _, a := range s.C.AllianceIDs() {
		f.Points[string(a)] = s.Points[a]
	}
	if s.End != nil {
		f.End = &owntoml.EndFile{Winner: string(s.End.Winner), How: s.End.How}
		for _, a := range s.End.Tied {
			f.End.Tied = append(f.End.Tied, string(a))
		}
		f.End.Medals = encodeMedals(s.End.Medals)
	}
	for m, a := range s.Benefits {
		if f.Benefits == nil {
			f.Benefits = map[string]string{}
		}
		f.Benefits[m.String()] = string(a)
	}
	for _, p := range s.Planets {
		pf := owntoml.PlanetFile{Destroyed: s.Destroyed(p.ID), Power: map[string]int{}}
		for _, a := range s.C.AllianceIDs() {
			pf.Power[string(a)] = p.Power[a]
		}
		for _, l := range p.Locations {
			lf := owntoml.LocFile{Status: l.Status}
			if l.Status == processor.Built {
				lf.Alliance, lf.Type = string(l.Alliance), l.Type.String()
			}
			pf.Locations = append(pf.Locations, lf)
		}
		f.Planets[string(p.ID)] = pf
	}
	for _, fl := range s.Stalled {
		f.Stalled = append(f.Stalled, string(fl))
	}
	players, fleets := s.C.AllegianceChanges()
	encodeEvents(s, players, &f)
	f.WarEngines = encodeEngines(s)
	return f.WriteLists(owntoml.StateComment, stateLists(s, fleets))
}

// stateLists are the state's fleets and orders as state.toml has them,
// each made as it is written: where each fleet is and, for one whose
// player changed (players, AllegianceChanges'), who has it now.
func stateLists(s *processor.State, players map[processor.FleetID]processor.Login) owntoml.StateLists {
	ids := make([]processor.FleetID, 0, len(s.C.Fleets))
	for _, fl := range s.C.Fleets {
		ids = append(ids, fl.ID)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids) // a fleet is one table, as a map's key
	return owntoml.StateLists{
		Fleets: len(ids),
		Fleet: func(yield func(string, owntoml.FleetFile) bool) {
			for _, id := range ids {
				if !yield(string(id), owntoml.FleetFile{Planet: string(s.Fleets[id]), Player: string(players[id])}) {
					return
				}
			}
		},
		Orders: len(s.Orders),
		Order: func(yield func(owntoml.OrderFile) bool) {
			for _, o := range s.Orders {
				if !yield(orderFile(o)) {
					return
				}
			}
		},
	}
}

// orderFile is an order as state.toml has it.
func orderFile(o processor.Order) owntoml.OrderFile {
	of := owntoml.OrderFile{Fleet: string(o.Fleet), Operation: o.Op, Default: o.Default, Second: o.Second, Theatre: o.Theatre, Source: o.Src.File}
	switch o.Op {
	case processor.Battle:
		of.Attack, of.Planet, of.Defender = o.Attack.String(), string(o.Planet), string(o.Defender)
		if ch := o.Choices(); !ch.Empty() {
			of.Outcome = encodeChoices(ch)
		}
	case processor.VoidLeap, processor.DeployKillTeams:
		of.Planet = string(o.Planet)
	case processor.RaiseEdifices:
		of.Infrastructure = o.Infra.String()
	}
	return of
}

func encodeChoices(c processor.Choices) *owntoml.OutcomeFile {
	of := &owntoml.OutcomeFile{PowerAdjust: c.PowerAdjust, Reinforce: string(c.Reinforce), Planet: string(c.Planet), Direction: c.Direction}
	for _, p := range c.Transfer {
		of.Transfer = append(of.Transfer, string(p))
	}
	for _, t := range c.Pieces {
		of.Pieces = append(of.Pieces, t.String())
	}
	for _, x := range []struct {
		has bool
		t   processor.InfraType
		to  *string
	}{{c.HasTake, c.Take, &of.Take}, {c.HasBuild, c.Build, &of.Build}, {c.HasExtra, c.Extra, &of.Extra}} {
		if x.has {
			*x.to = x.t.String()
		}
	}
	of.Location, of.Locations, of.Fleet = c.Location, c.Locations, string(c.Fleet)
	for _, p := range c.Planets {
		of.Planets = append(of.Planets, string(p))
	}
	for _, p := range c.Moves {
		of.Moves = append(of.Moves, string(p))
	}
	return of
}

// stateAhead is state.toml read and parsed into its lines' values on
// another CPU, from the load's start: what they mean takes the campaign,
// but reading them does not, and the biggest file of a big campaign (19
// MB at 100,000 battles) is then not read only once campaign.toml and
// map.toml are decoded, one after the other. What is reported, and in
// what order, is as without: its faults are kept apart until the load
// reads the state, and left unread if the load stops before.
type stateAhead struct {
	done    chan struct{}
	missing bool // there is no state.toml: a campaign not begun
	data    []byte
	err     error
	doc     owntoml.StateDoc
	ok      bool // doc is as read; else fs says why not
	fs      processor.Faults
	start   func() // the read, when it is made by wait
	// at is the phase and step doc gives, kept apart from it for the
	// stream of inputs read ahead (early), which reads it once done is
	// closed while the load may let go of doc.
	at StepAt
}

// startState starts reading state.toml; on one CPU, when it is waited for.
func startState(f *Folder) *stateAhead {
	s := &stateAhead{done: make(chan struct{})}
	read := func() {
		defer close(s.done)
		switch s.data, s.err = f.readFile(processor.StateFile); {
		case errors.Is(s.err, fs.ErrNotExist):
			s.missing, s.err = true, nil
		case s.err == nil:
			s.doc, s.ok = readStateDoc(processor.StateFile, s.data, &s.fs)
			if s.ok {
				s.at = StepAt{s.doc.Phase, s.doc.Step}
			}
		}
	}
	if runtime.GOMAXPROCS(0) < 2 {
		s.start = read
	} else {
		go read()
	}
	return s
}

// wait waits for the read to end, or makes it.
func (s *stateAhead) wait() {
	if read := s.start; read != nil {
		s.start = nil
		read()
	}
	<-s.done
}

// end waits for a read begun: nothing reads the folder behind the load's
// back once it is done.
func (s *stateAhead) end() {
	if s.start == nil {
		<-s.done
	}
}

// decodeState makes the state of state.toml as read (readStateDoc). It is
// the processor's own file, so any fault means it was edited by hand or
// damaged.
func decodeState(c *processor.Campaign, file string, f owntoml.StateDoc, fs *processor.Faults) *processor.State {
	root := processor.Src{File: file}
	bad := func(at processor.Src, format string, args ...any) {
		fs.Add(at, format+" (state.toml is written by the processor; restore it from git history)", args...)
	}
	if f.Roster < 0 {
		bad(root.At("roster"), "roster %d is below 0", f.Roster)
		f.Roster = 0
	}
	c = c.RosterAt(f.Roster) // who plays, and which fleets are on the map
	s := processor.NewState(c)
	s.Phase, s.Step, s.Roster = f.Phase, f.Step, f.Roster
	decodePoints(s, f.Points, root, bad)
	decodePlanets(s, f.Planets, root, bad)
	decodeFleets(s, f.Fleets, root, fs, bad)
	if f.End != nil {
		s.End = &processor.End{Winner: processor.AllianceID(f.End.Winner), How: f.End.How}
		for _, a := range f.End.Tied {
			s.End.Tied = append(s.End.Tied, processor.AllianceID(a))
		}
		s.End.Medals = decodeMedals(c, f.End.Medals, root.At("end", "medals"), bad)
	}
	s.Benefits = decodeBenefits(c, f.Benefits, root.At("benefits"), bad)
	s.LaurelPlanet = decodeLaurelPlanet(s, f.LaurelPlanet, root.At("laurel_planet"), bad)
	decodeOrders(s, f.Orders, root, bad)
	for i, id := range f.Stalled {
		if _, ok := c.FleetOf(processor.FleetID(id)); !ok {
			bad(root.At("stalled", i), "unknown fleet %q", id)
		}
		s.Stalled = append(s.Stalled, processor.FleetID(id))
	}
	s = decodeEvents(s, &f, root, bad)
	decodeEngines(s, f.WarEngines, root.At("war_engines"), bad)
	checkReadBack(s, &f, root, bad)
	return s
}

// readStateDoc reads state.toml's text within its limits: with the line
// reader when it is laid out as the processor writes it, otherwise with the
// TOML library, which says what is wrong. ok is false when it could not be
// read (the fault is added to fs); an unknown key is a fault, not a refusal.
func readStateDoc(file string, data []byte, fs *processor.Faults) (f owntoml.StateDoc, ok bool) {
	library, ok := readOwn(file, data, StateLimits, schema.Prescan, func(data []byte) (bad int) {
		f, bad = owntoml.ReadStateLines(data)
		return bad
	}, fs)
	if !ok {
		return owntoml.StateDoc{}, false
	}
	if library { // not as the processor writes it: the TOML library says what is wrong
		f = owntoml.StateDoc{}
		md, err := toml.Decode(string(data), &f)
		if f.Format > owntoml.StateFormat {
			fs.Add(processor.Src{File: file}.At("format"), "state.toml is in state format %d, which a later warmaster writes; this one reads formats up to %d: run the warmaster that wrote it, or a later one (journal.toml's last step names it: warmaster = \"…\")", f.Format, owntoml.StateFormat)
			return owntoml.StateDoc{}, false
		}
		if err != nil {
			pf := schema.ParseFault(data, err)
			pf.Message = "cannot read the processor's state: " + pf.Message + " (restore it from git history; it is not edited by hand)"
			fs.AddSchema(file, []schema.Fault{pf})
			return owntoml.StateDoc{}, false
		}
		root := processor.Src{File: file}
		for _, k := range md.Undecoded() {
			fs.AddKey(root.At(toAny(k)...), "unknown key %q in the processor's state (restore it from git history)", k.String())
		}
	}
	return f, true
}

// decodePoints reads state.toml's [points] into s: every Alliance's, and a
// fault for an Alliance the campaign does not have.
func decodePoints(s *processor.State, points map[string]int, root processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	for _, a := range c.AllianceIDs() {
		s.Points[a] = points[string(a)]
	}
	for id := range points {
		if !c.HasAlliance(processor.AllianceID(id)) {
			bad(root.At("points", id), "unknown alliance %q", id)
		}
	}
}

// decodePlanets reads state.toml's [planets.<id>] into s's planets, each
// held to map.toml (its locations) and the campaign (its Alliances), and
// says which planet of the map is missing.
func decodePlanets(s *processor.State, planets map[string]owntoml.PlanetFile, root processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	for id, pf := range planets {
		if !c.Map.Has(processor.PlanetID(id)) {
			bad(root.At("planets", id), "unknown planet %q", id)
			continue
		}
		ps := s.Planet(processor.PlanetID(id))
		if len(pf.Locations) != len(ps.Locations) {
			bad(root.At("planets", id, "locations"), "%s has %d locations in map.toml, %d here", id, len(ps.Locations), len(pf.Locations))
			continue
		}
		for a, n := range pf.Power {
			if !c.HasAlliance(processor.AllianceID(a)) {
				bad(root.At("planets", id, "power", a), "unknown alliance %q", a)
				continue
			}
			ps.Power[processor.AllianceID(a)] = n
		}
		for i, lf := range pf.Locations {
			l := processor.Location{Status: lf.Status}
			if lf.Status == processor.Built {
				l.Alliance = processor.AllianceID(lf.Alliance)
				if !c.HasAlliance(l.Alliance) {
					bad(root.At("planets", id, "locations", i, "alliance"), "unknown alliance %q", lf.Alliance)
				}
				if err := l.Type.UnmarshalText([]byte(lf.Type)); err != nil {
					bad(root.At("planets", id, "locations", i, "type"), "%v", err)
				}
			}
			s.SetLocation(ps.ID, i, l)
		}
	}
	for _, p := range c.Map.Planets {
		if _, ok := planets[string(p.ID)]; !ok {
			bad(root.At("planets"), "planet %q is missing", p.ID)
		}
	}
}

// decodeFleets reads where each of the campaign's fleets is from
// state.toml's [fleets.<id>] into s. A fleet not on the map once the
// campaign is under way was added to campaign.toml mid-campaign: that fault
// is campaign.toml's (added to fs as is), not the state's.
func decodeFleets(s *processor.State, fleets map[string]owntoml.FleetFile, root processor.Src, fs *processor.Faults, bad func(processor.Src, string, ...any)) {
	c := s.C
	for _, fl := range c.Fleets {
		ff, ok := fleets[string(fl.ID)]
		switch {
		case !ok && s.Step != processor.StepSetup:
			// Not on the map: campaign.toml gained a fleet mid-campaign.
			fs.Add(fl.Src, "fleet %q is not on the map (the campaign is under way): a fleet added mid-campaign comes with a player who joins — give it start = \"<planet>\" and add a [[roster_changes]] entry join = %q from a step still to come", fl.ID, fl.Player)
		case !ok:
			bad(root.At("fleets"), "fleet %q has no planet", fl.ID)
		case !c.Map.Has(processor.PlanetID(ff.Planet)):
			bad(root.At("fleets", fl.ID, "planet"), "unknown planet %q", ff.Planet)
		default:
			s.Fleets[fl.ID] = processor.PlanetID(ff.Planet)
		}
	}
}

// decodeOrders reads state.toml's [[orders]] into s.Orders, each with the
// battle's outcome when it has one.
func decodeOrders(s *processor.State, orders []owntoml.OrderFile, root processor.Src, bad func(processor.Src, string, ...any)) {
	c := s.C
	if len(orders) > 0 {
		s.Orders = slices.Grow(s.Orders, len(orders))
	}
	for i, of := range orders {
		at := root.At("orders", i)
		o := processor.Order{Fleet: processor.FleetID(of.Fleet), Op: of.Operation, Default: of.Default, Second: of.Second, Theatre: of.Theatre, Src: processor.Src{File: of.Source}}
		if _, ok := c.FleetOf(o.Fleet); !ok {
			bad(at.At("fleet"), "unknown fleet %q", of.Fleet)
		}
		if of.Attack != "" {
			if err := o.Attack.UnmarshalText([]byte(of.Attack)); err != nil {
				bad(at.At("attack"), "%v", err)
			}
		}
		if of.Infrastructure != "" {
			if err := o.Infra.UnmarshalText([]byte(of.Infrastructure)); err != nil {
				bad(at.At("infrastructure"), "%v", err)
			}
		}
		o.Planet, o.Defender = processor.PlanetID(of.Planet), processor.AllianceID(of.Defender)
		if of.Planet != "" && !c.Map.Has(o.Planet) {
			bad(at.At("planet"), "unknown planet %q", of.Planet)
		}
		if of.Outcome != nil {
			ch := decodeOutcome(of.Outcome, of.Source, at, bad)
			o.Outcome = &ch
		}
		s.Orders = append(s.Orders, o)
	}
}

// decodeOutcome reads an order's [orders.outcome]: the choices its battle's
// result made, from the result file source.
func decodeOutcome(oc *owntoml.OutcomeFile, source string, at processor.Src, bad func(processor.Src, string, ...any)) processor.Choices {
	out := processor.Choices{PowerAdjust: oc.PowerAdjust, Reinforce: processor.PlanetID(oc.Reinforce), Planet: processor.PlanetID(oc.Planet), Direction: oc.Direction, Src: processor.Src{File: source}}
	for _, p := range oc.Transfer {
		out.Transfer = append(out.Transfer, processor.PlanetID(p))
	}
	for _, p := range oc.Pieces {
		var t processor.InfraType
		if err := t.UnmarshalText([]byte(p)); err != nil {
			bad(at.At("outcome", "pieces"), "%v", err)
		}
		out.Pieces = append(out.Pieces, t)
	}
	for _, x := range []struct {
		key string
		s   string
		t   *processor.InfraType
		has *bool
	}{{"take", oc.Take, &out.Take, &out.HasTake}, {"build", oc.Build, &out.Build, &out.HasBuild}, {"extra", oc.Extra, &out.Extra, &out.HasExtra}} {
		if x.s == "" {
			continue
		}
		if err := x.t.UnmarshalText([]byte(x.s)); err != nil {
			bad(at.At("outcome", x.key), "%v", err)
		}
		*x.has = true
	}
	out.Location, out.Locations, out.Fleet = oc.Location, oc.Locations, processor.FleetID(oc.Fleet)
	for _, p := range oc.Planets {
		out.Planets = append(out.Planets, processor.PlanetID(p))
	}
	for _, p := range oc.Moves {
		out.Moves = append(out.Moves, processor.PlanetID(p))
	}
	return out
}

func toAny(k toml.Key) []any {
	out := make([]any, len(k))
	for i, s := range k {
		out[i] = s
	}
	return out
}

// decodeBenefits reads state.toml's [benefits].
func decodeBenefits(c *processor.Campaign, m map[string]string, at processor.Src, bad func(processor.Src, string, ...any)) map[processor.Medal]processor.AllianceID {
	if len(m) == 0 {
		return nil
	}
	out := map[processor.Medal]processor.AllianceID{}
	for id, a := range m {
		var medal processor.Medal
		if err := medal.UnmarshalText([]byte(id)); err != nil {
			bad(at.At(id), "%v", err)
			continue
		}
		if !c.HasAlliance(processor.AllianceID(a)) {
			bad(at.At(id), "unknown alliance %q", a)
			continue
		}
		out[medal] = processor.AllianceID(a)
	}
	return out
}

// decodeLaurelPlanet reads state.toml's laurel_planet: a planet of the map,
// recorded at set-up for the Alliance holding the Laurel of Victory's
// benefit (RULINGS 40). Older state files have none: "" as before.
func decodeLaurelPlanet(s *processor.State, id string, at processor.Src, bad func(processor.Src, string, ...any)) processor.PlanetID {
	p := processor.PlanetID(id)
	switch _, held := s.Benefits[processor.LaurelOfVictory]; {
	case id == "":
	case !s.C.Map.Has(p):
		bad(at, "unknown planet %q", id)
		return ""
	case !held:
		bad(at, "laurel_planet %q, but no Alliance holds the Laurel of Victory's benefit ([benefits])", id)
		return ""
	case s.Step == processor.StepSetup:
		bad(at, "laurel_planet %q at set-up: set-up records it", id)
		return ""
	}
	return p
}
