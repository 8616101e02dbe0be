package command

import (
	"encoding/json"
	"testing"
)

// A bound past float64's range ("minimum": 1e400) is said to be so in the
// argument summary, where it was left out and the argument read as
// unbounded; one in range is shown as before beside it.
func TestSchemaSaysABoundPastFloat64sRange(t *testing.T) {
	for raw, want := range map[string]string{
		`{"type":"integer","minimum":1e400}`:                   "integer (>= a number past float64's range)",
		`{"type":"number","minimum":1,"maximum":1e400}`:        "number (>= 1, <= a number past float64's range)",
		`{"type":"number","exclusiveMaximum":-1e400}`:          "number (< a negative number past float64's range)",
		`{"type":"number","minimum":"1e400","maximum":1e-400}`: "number (<= 0)",
	} {
		s, err := ParseSchema(json.RawMessage(raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.TypeString(); got != want {
			t.Errorf("%s reads %q, want %q", raw, got, want)
		}
	}
}
