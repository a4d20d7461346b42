package processor

// BattleOp is a Battle Operation revealed in 2.1: one battle, named after
// the attacking fleet (RULINGS 24: one battle per Battle Operation).
type BattleOp struct {
	ID       string
	Fleet    FleetID
	Player   Login
	Attacker AllianceID
	Defender AllianceID
	Planet   PlanetID
	Attack   AttackType
	// Order is its order in the state's orders (a pointer: a phase's
	// battles are listed once for a step, and a copy of each order was most
	// of that list's size).
	Order *Order
}

// OtherSide is the side of a battle that confirms a result filed by filer.
func (b BattleOp) OtherSide(filer AllianceID) AllianceID {
	if filer == b.Attacker {
		return b.Defender
	}
	return b.Attacker
}
