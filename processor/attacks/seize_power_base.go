package attacks

import (
	"fmt"
	"slices"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/report"
)

// BuildDefaults are the types built, first within the Alliance's limit, when
// an outcome says "builds one piece of Infrastructure (excluding a
// Stronghold)" and the victor's choice is missing or no longer possible
// (RULINGS 9): a Fortification Line first, for it also raises the minimum
// Power Level there.
var BuildDefaults = []processor.InfraType{processor.FortificationLine, processor.StagingGrounds, processor.SupportFacility}

// Seize Power Base — Attacker wins. In order:
//   - The Attacker selects one of the Defending Alliance's Infrastructure
//     pieces at this Planet (excluding a Stronghold). That Infrastructure
//     piece is removed and the Attacking Alliance builds one piece of
//     Infrastructure of that type in its place. (`take`. At the Attacking
//     Alliance's limit for that type, the piece is removed and nothing is
//     built, RULINGS 16; with `[rules] seize_power_base_keeps_piece` it
//     stays. A `take` no longer there falls back to the first of the
//     Defending Alliance's pieces there, in location order, RULINGS 9.)
//   - If there are no such pieces of Infrastructure, the Attacking Alliance
//     builds one piece of Infrastructure (excluding a Stronghold) instead.
//     (`build`, else the first of buildDefaults within the limit.)
//   - If the Attacking Alliance's Power Level at this Planet is 3 or more,
//     they build one piece of Infrastructure (excluding a Stronghold) at this
//     Planet as well. (`extra`, else the first of buildDefaults; the level
//     after the first step, with the Stronghold ±1, adj: RULINGS 29.)
//   - Add 1 to the Attacking Alliance's Power Level at this Planet.
func (r Rules) seizePowerBaseAttackerWins(f Fought, adj int) []string {
	s, p, A, ch := r.S, f.Planet, f.Attacker, f.Choices()
	lines := s.Pieces(p, A, processor.FortificationLine)
	out := r.seizePowerBaseTake(f)
	// The level after the first step (RULINGS 29): the level the battle is
	// judged with, and, where the first step built the Attacking Alliance
	// a Fortification Line here, raised to the minimum that Line gives it
	// on that map if lower (Fortification Line; RULINGS 1, 9). On the map
	// as it stands (processing), the level now already is.
	lvl := r.judged().Power(p, A)
	if j := r.judged(); j != s && s.Pieces(p, A, processor.FortificationLine) > lines {
		lvl = max(lvl, min(4, j.MinPower(p, A)+1))
	}
	if ok, why := r.threeOrMoreAt(p, A, lvl, adj); ok {
		out = append(out, why+": "+r.buildOne(p, A, ch.Extra, ch.HasExtra, "extra"))
	} else if ch.HasExtra {
		out = append(out, why+": no further piece (extra is not used)")
	} else {
		out = append(out, why+": no further piece")
	}
	return append(out, r.S.Raise(p, A))
}

// seizePowerBaseTake is the first part of Seize Power Base — Attacker wins:
// the Defending Alliance's piece taken, or one built instead.
func (r Rules) seizePowerBaseTake(f Fought) []string {
	s, p, A, D, ch := r.S, f.Planet, f.Attacker, f.Defender, f.Choices()
	var out []string
	i := -1
	if ch.HasTake {
		if i = s.PieceAt(p, D, ch.Take); i < 0 {
			out = append(out, fmt.Sprintf("%s no longer has a %s at %s to take (take = %q)", D, ch.Take.Title(), p, ch.Take))
		}
	}
	if i < 0 {
		if i = s.FirstPiece(p, D); i >= 0 && ch.HasTake {
			out[len(out)-1] += ": its first piece there, in location order, is taken instead"
		}
	}
	if i >= 0 {
		t := s.Planet(p).Locations[i].Type
		switch {
		// Laurel of Victory: "No other Alliance can build any
		// Infrastructure on that Planet" (RULINGS 40). The piece goes as at
		// the Attacking Alliance's limit (RULINGS 16): removed, nothing
		// built in its place; with seize_power_base_keeps_piece it stays.
		case s.LaurelBar(p, A) != "" && r.C.Rules.SeizePowerBaseKeepsPiece:
			out = append(out, fmt.Sprintf("%s cannot build in its place: %s; %s's %s at %s stays, as at the limit ([rules] seize_power_base_keeps_piece)", A, s.LaurelBar(p, A), D, t.Title(), p))
		case s.LaurelBar(p, A) != "":
			s.SetLocation(p, i, processor.Location{})
			out = append(out, fmt.Sprintf("%s's %s at %s (location %d) is removed; %s cannot build in its place: %s; nothing is built, as at the limit (%s)", D, t.Title(), p, i+1, A, s.LaurelBar(p, A), processor.Ruling(16)))
		case s.Count(A, t) < t.Limit():
			s.SetLocation(p, i, processor.Location{})
			out = append(out, fmt.Sprintf("%s takes %s's %s at %s (location %d), and in its place %s", A, D, t.Title(), p, i+1, s.BuildAt(p, i, A, t)))
		case r.C.Rules.SeizePowerBaseKeepsPiece:
			out = append(out, fmt.Sprintf("%s already has %d %s pieces, the limit: %s's %s at %s stays ([rules] seize_power_base_keeps_piece)", A, t.Limit(), t.Title(), D, t.Title(), p))
		default:
			s.SetLocation(p, i, processor.Location{})
			out = append(out, fmt.Sprintf("%s's %s at %s (location %d) is removed; %s already has %d %s pieces, the limit: nothing is built (%s)", D, t.Title(), p, i+1, A, t.Limit(), t.Title(), processor.Ruling(16)))
		}
	} else {
		out = append(out, fmt.Sprintf("%s has no piece of Infrastructure at %s to take (a Stronghold excluded); instead, %s", D, p, r.buildOne(p, A, ch.Build, ch.HasBuild, "build")))
	}
	return out
}

// buildOne builds one piece of Infrastructure (excluding a Stronghold) for an
// Alliance at a planet: the victor's choice (key) if it can be built, else
// the first of buildDefaults within the limit. It says what happened.
func (r Rules) buildOne(p processor.PlanetID, a processor.AllianceID, want processor.InfraType, has bool, key string) string {
	s := r.S
	if s.Destroyed(p) || s.FreeLocations(p) == 0 || s.LaurelBar(p, a) != "" { // Laurel of Victory: RULINGS 40
		return fmt.Sprintf("nothing can be built: %s", s.CanBuild(p, a, processor.FortificationLine))
	}
	note := ""
	if has {
		if s.Count(a, want) < want.Limit() {
			return s.Build(p, a, want)
		}
		note = fmt.Sprintf("%s = %q is not possible now (%s already has %d, the limit); ", key, want, a, want.Limit())
	}
	for _, t := range BuildDefaults {
		if s.Count(a, t) < t.Limit() {
			return note + s.Build(p, a, t) + " (by default)"
		}
	}
	return note + fmt.Sprintf("%s has every type at its limit: nothing is built", a)
}

// Seize Power Base — Defender wins. In order:
//   - The Defending Alliance can build one Fortification Lines at this Planet
//     or at a connected Planet. If the Defending Alliance's Power Level at
//     this Planet is 3 or more, they can build one Staging Grounds instead.
//     (`build`, default fortification-line; `planet`, default this Planet. A
//     Staging Grounds below 3, or at the limit, falls back to a
//     Fortification Line; a planet that can no longer take it, to this
//     Planet, then the connected planets in map order; RULINGS 9. "can":
//     `build = "none"` builds nothing.)
//   - Add 1 to the Defending Alliance's Power Level at this Planet.
func (r Rules) seizePowerBaseDefenderWins(f Fought, adj int) []string {
	s, p, D, ch := r.S, f.Planet, f.Defender, f.Choices()
	var out []string
	if ch.NoBuild { // "can build": the Defender's choice not to
		out = append(out, fmt.Sprintf("%s builds nothing (build = \"none\")", D))
		return append(out, s.Raise(p, D))
	}
	t := processor.FortificationLine
	if ch.HasBuild && ch.Build == processor.StagingGrounds {
		ok, why := r.threeOrMore(p, D, adj)
		switch {
		case !ok:
			out = append(out, why+": a Staging Grounds is not possible, a Fortification Line instead")
		case s.Count(D, processor.StagingGrounds) >= processor.StagingGrounds.Limit():
			out = append(out, fmt.Sprintf("%s; but %s already has %d Staging Grounds, the limit: a Fortification Line instead", why, D, processor.StagingGrounds.Limit()))
		default:
			out = append(out, why+": a Staging Grounds instead of a Fortification Line")
			t = processor.StagingGrounds
		}
	}
	if s.Count(D, t) >= t.Limit() {
		out = append(out, fmt.Sprintf("%s already has %d %s pieces, the limit: nothing is built", D, t.Limit(), t.Title()))
		return append(out, s.Raise(p, D))
	}
	where := append([]processor.PlanetID{p}, s.Connected(D, p)...)
	target, how := ch.Planet, ""
	if target != "" && (!slices.Contains(where, target) || s.CanBuild(target, D, t) != "") {
		why := s.CanBuild(target, D, t)
		if !slices.Contains(where, target) {
			why = fmt.Sprintf("%s is not connected to %s", target, p)
		}
		out = append(out, fmt.Sprintf("planet = %q is not possible now (%s)", target, why))
		target = ""
	}
	if target == "" {
		// By default this Planet, else the first connected planet that can take it.
		for _, q := range where {
			if s.CanBuild(q, D, t) == "" {
				target, how = q, " (by default)"
				break
			}
		}
		if target == "" {
			out = append(out, fmt.Sprintf("no free Infrastructure location at %s or a connected planet: nothing is built", p))
			return append(out, s.Raise(p, D))
		}
	}
	out = append(out, s.Build(target, D, t)+how)
	return append(out, s.Raise(p, D))
}

// validateSeizePowerBase checks Seize Power Base choices against the map now.
func (r Rules) validateSeizePowerBase(b processor.BattleOp, victor processor.Side, ch processor.Choices, fs *processor.Faults) {
	s, p, A, D := r.S, b.Planet, b.Attacker, b.Defender
	// typ reports whether a type is allowed and within the limit, else adds
	// the fault: with the values the key takes, as when the schema refuses
	// one (processor.WordOutcomes).
	// allowed are the types key takes (processor.OutcomeValues: the one
	// list the schema's fault and this one word, and this one checks).
	allowed := func(key string) []processor.InfraType {
		var out []processor.InfraType
		for _, v := range processor.OutcomeValues(processor.SeizePowerBase, victor, key) {
			var t processor.InfraType
			if t.UnmarshalText([]byte(v)) == nil { // not "none"
				out = append(out, t)
			}
		}
		return out
	}
	typ := func(key string, t processor.InfraType, a processor.AllianceID) bool {
		at, allowed := ch.Src.At(key), allowed(key)
		switch {
		case !slices.Contains(allowed, t):
			fs.Add(at, "%s cannot be %s: valid: %s", key, t, report.OneOf(processor.OutcomeValues(processor.SeizePowerBase, victor, key)))
		case s.Count(a, t) >= t.Limit():
			fs.Add(at, "%s already has %d %s pieces, the limit; it can build %s", a, t.Limit(), t.Title(), report.OneOf(processor.InfraNames(s.WithinLimit(a, allowed...))))
		default:
			return true
		}
		return false
	}
	switch {
	case ch.NoBuild && victor == processor.Attacker:
		fs.Add(ch.Src.At("build"), "Seize Power Base — Attacker wins: the Attacking Alliance builds a piece when there is none to take (\"none\" is the Defender's choice when it wins); name the type built, or leave build out")
	case ch.NoBuild && ch.Planet != "":
		fs.Add(ch.Src.At("planet"), "build = \"none\": nothing is built, so there is no planet to build at; leave planet out")
		return
	}
	if victor == processor.Attacker {
		takeOK := true
		if ch.HasTake {
			takeOK = false
			var there []processor.InfraType
			for _, l := range s.Planet(p).Locations {
				if l.Status == processor.Built && l.Alliance == D && l.Type != processor.Stronghold && !slices.Contains(there, l.Type) {
					there = append(there, l.Type)
				}
			}
			switch {
			case ch.Take == processor.Stronghold:
				fs.Add(ch.Src.At("take"), "take excludes a Stronghold; %s's pieces at %s that can be taken: %s", D, p, report.OneOf(processor.InfraNames(there)))
			case !slices.Contains(there, ch.Take):
				if len(there) == 0 {
					fs.Add(ch.Src.At("take"), "%s has no %s at %s, nor any piece but a Stronghold: leave take out (build names the piece built instead)", D, ch.Take, p)
				} else {
					fs.Add(ch.Src.At("take"), "%s has no %s at %s; its pieces there that can be taken: %s", D, ch.Take, p, report.OneOf(processor.InfraNames(there)))
				}
			default:
				takeOK = true
			}
		}
		// The piece built when there is none to take needs a free location.
		if ch.HasBuild && typ("build", ch.Build, A) && s.FirstPiece(p, D) < 0 && (s.FreeLocations(p) == 0 || s.LaurelBar(p, A) != "") {
			fs.Add(ch.Src.At("build"), "%s has no piece at %s to take (a Stronghold excluded), and nothing can be built instead: %s; leave build out", D, p, s.CanBuild(p, A, ch.Build))
		}
		// The further piece goes on the map as the first part leaves it (RULINGS 29).
		if ch.HasExtra && typ("extra", ch.Extra, A) && takeOK {
			first := "the take"
			if s.FirstPiece(p, D) < 0 {
				first = "the build (nothing to take)"
			}
			after := r.AfterTake(b, ch)
			if r.Fought && !r.C.Rules.JudgedAtProcessing() && after.Power(p, A)+ch.PowerAdjust < 3 {
				// Seize Power Base — Attacker wins: "If the Attacking
				// Alliance's Power Level at this Planet is 3 or more, they
				// build one piece of Infrastructure ... as well", the level
				// after the first part (RULINGS 29), the battle's (RULINGS 9).
				with := ""
				if ch.PowerAdjust != 0 {
					with = fmt.Sprintf(", treated as %d", after.Power(p, A)+ch.PowerAdjust)
				}
				fs.Add(ch.Src.At("extra"), "a further piece needs %s's Power Level at %s to be 3 or more after %s, and it is %d then%s; leave extra out", A, p, first, after.Power(p, A), with)
			}
			switch {
			case s.LaurelBar(p, A) != "":
				fs.Add(ch.Src.At("extra"), "no further piece can be built: %s; leave extra out", s.LaurelBar(p, A))
			case after.FreeLocations(p) == 0:
				fs.Add(ch.Src.At("extra"), "the further piece is built after %s: then %s has no free Infrastructure location (%s); leave extra out", first, p, after.DescribeLocations(p))
			case after.Count(A, ch.Extra) >= ch.Extra.Limit():
				fs.Add(ch.Src.At("extra"), "the further piece is built after %s: then %s has %d %s pieces, the limit; it can build %s", first, A, ch.Extra.Limit(), ch.Extra.Title(), report.OneOf(processor.InfraNames(after.WithinLimit(A, allowed("extra")...))))
			}
		}
		return
	}
	if ch.HasBuild && typ("build", ch.Build, D) && ch.Build == processor.StagingGrounds {
		// Seize Power Base — Defender wins: "If the Defending Alliance's
		// Power Level at this Planet is 3 or more, they can build one
		// Staging Grounds instead."
		r.lessThanThree(ch.Src.At("build"), p, D, ch.PowerAdjust, fs, "a Staging Grounds instead of a Fortification Line", "build fortification-line")
	}
	if ch.Planet != "" && r.C.Map.Has(ch.Planet) {
		var valid []processor.PlanetID // this Planet or a connected one with a free location
		for _, q := range append([]processor.PlanetID{p}, s.Connected(D, p)...) {
			if !s.Destroyed(q) && s.FreeLocations(q) > 0 && s.LaurelBar(q, D) == "" {
				valid = append(valid, q)
			}
		}
		switch {
		case ch.Planet != p && !s.IsConnected(D, p, ch.Planet):
			fs.Add(ch.Src.At("planet"), "%s is not %s or a planet connected to it; %s can build at %s", ch.Planet, p, D, report.OneOf(valid))
		case !slices.Contains(valid, ch.Planet):
			fs.Add(ch.Src.At("planet"), "%s cannot build at %s: %s; it can build at %s", D, ch.Planet, s.CanBuild(ch.Planet, D, processor.FortificationLine), report.OneOf(valid))
		}
	}
}

// AfterTake is the map as the first part of Seize Power Base — Attacker
// wins would leave it now, on a copy: where the further piece would go.
func (r Rules) AfterTake(b processor.BattleOp, ch processor.Choices) *processor.State {
	saved := r.S
	defer func() { r.S = saved }()
	r.S = saved.Clone()
	r.seizePowerBaseTake(Fought{BattleOp: &b, Victor: processor.Attacker, Outcome: &ch})
	return r.S
}
