package enum

import "testing"

type color int

var colors = Names[color]{"red", "dark-blue"}

func TestNames(t *testing.T) {
	if got := colors.Name(1); got != "dark-blue" {
		t.Errorf("Name(1) = %q", got)
	}
	if got := colors.Name(2); got != "unknown(2)" {
		t.Errorf("Name(2) = %q", got)
	}
	if c, ok := colors.Parse("dark-blue"); !ok || c != 1 {
		t.Errorf("Parse(dark-blue) = %d, %v", c, ok)
	}
	if _, ok := colors.Parse("green"); ok {
		t.Error("Parse(green) found a colour")
	}
	var c color
	if err := colors.Unmarshal(&c, []byte("green")); err == nil || err.Error() != `"green" is not one of red, dark-blue` {
		t.Errorf("Unmarshal(green) = %v", err)
	}
	if err := colors.Unmarshal(&c, []byte("red")); err != nil || c != 0 {
		t.Errorf("Unmarshal(red) = %d, %v", c, err)
	}
}
