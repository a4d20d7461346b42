package phase

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/folder"
	"github.com/warmaster/warmaster/processor/internal/testkit"
)

// appliesAnywhere is AppliesAt as it was: every planet of the map looked
// at. The test holds the near look-up to it.
func appliesAnywhere(s *processor.State, a processor.AllianceID, t processor.InfraType, p processor.PlanetID) bool {
	for _, q := range s.Planets {
		if s.Pieces(q.ID, a, t) > 0 && s.InReach(a, q.ID, p) {
			return true
		}
	}
	return false
}

// nearState is genPhase's campaign of n battles with Support Facilities,
// Staging Grounds and Strongholds scattered over its ring of planets.
func nearState(tb testing.TB, n int) *processor.State {
	dir := genPhase(tb, n, false)
	c := testkit.LoadCampaign(tb, dir)
	s := processor.NewState(c)
	types := []processor.InfraType{processor.SupportFacility, processor.StagingGrounds, processor.Stronghold}
	for i, p := range s.Planets {
		a := c.AllianceIDs()[i%3]
		switch {
		case i%11 == 0: // a Support Facility with what it extends to 2 lanes
			s.Build(p.ID, a, processor.SupportFacility)
			s.Build(p.ID, a, types[1+i%2])
		case i%5 == 0 || i%7 == 0:
			s.Build(p.ID, a, types[i%3])
		}
	}
	return s
}

// AppliesAt looks only near the planet and finds what a look at the whole
// map finds; AtDistance walks out n lanes and finds the planets the
// distances say.
func TestAppliesAtLooksNear(t *testing.T) {
	s := nearState(t, 400)
	far := 0 // applies through a Support Facility 2 lanes away
	defer func() {
		if far == 0 {
			t.Error("no piece applied through a Support Facility 2 lanes away: the case is not tested")
		}
	}()
	for _, p := range s.C.Map.IDs() {
		for _, a := range s.C.AllianceIDs() {
			for _, ty := range []processor.InfraType{processor.SupportFacility, processor.StagingGrounds, processor.Stronghold} {
				got, want := s.AppliesAt(a, ty, p), appliesAnywhere(s, a, ty, p)
				if got != want {
					t.Errorf("AppliesAt(%s, %s, %s) = %v, the whole map says %v", a, ty, p, got, want)
				}
				if want && !slices.ContainsFunc(append(s.C.Map.Neighbours(p), p), func(q processor.PlanetID) bool { return s.Pieces(q, a, ty) > 0 }) {
					far++
				}
			}
		}
		for n := 0; n <= 3; n++ {
			var want []processor.PlanetID
			for _, q := range s.C.Map.IDs() {
				if s.C.Map.Distance(p, q) == n {
					want = append(want, q)
				}
			}
			if got := s.C.Map.AtDistance(p, n); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("AtDistance(%s, %d) = %v, want %v", p, n, got, want)
			}
		}
	}
}

// BenchmarkAppliesAt asks, as a battle sheet does, whether each Alliance's
// Stronghold and Staging Grounds apply at a battle's planet, on the map of
// a 100,000-battle phase (12,500 planets): near, as now, and over the
// whole map, as before.
func BenchmarkAppliesAt(b *testing.B) {
	s := nearState(b, 100000)
	ids := s.C.Map.IDs()
	for _, c := range []struct {
		name    string
		applies func(*processor.State, processor.AllianceID, processor.InfraType, processor.PlanetID) bool
	}{{"near", (*processor.State).AppliesAt}, {"whole-map", appliesAnywhere}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p := ids[i%len(ids)]
				for _, a := range s.C.AllianceIDs() {
					c.applies(s, a, processor.Stronghold, p)
					c.applies(s, a, processor.StagingGrounds, p)
				}
			}
		})
	}
}

// What the battles step awaits grows with its battles, not with battles ×
// players: each awaited result names its defending Alliance rather than a
// copy of that Alliance's roster (which once made 10,000 battles take
// 1.25 GB and 100,000 more memory than the machine had).
func TestAwaitedResultsLinear(t *testing.T) {
	perBattle := func(n int) float64 {
		f, err := folder.Load(genBattles(t, n))
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		aw := Awaited(f)
		runtime.ReadMemStats(&after)
		if len(aw) != n {
			t.Fatalf("%d battles, %d awaited", n, len(aw))
		}
		if got, def := aw[0].Senders(f.Campaign), f.Campaign.PlayersOf(aw[0].Alliance); len(def) < n/3 || len(got) != 1+len(def) || got[0] != "p0" {
			t.Fatalf("the first battle's senders: %d from %s, want its attacker p0 and the defending Alliance's %d players", len(got), got[0], len(def))
		}
		return float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
	}
	small, big := perBattle(500), perBattle(4000)
	if big > 1.5*small {
		t.Errorf("awaiting 4,000 results allocated %.0f bytes a battle, 500 results %.0f: it grows with the players", big, small)
	}
}
