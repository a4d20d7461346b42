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
