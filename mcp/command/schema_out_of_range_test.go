package command

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
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

// A value checked against a bound past float64's range is warned of in
// words that say the bound is no usable number and what the value was
// checked against, where "5 is below the minimum a number past float64's
// range" read as if 5 were the number out of range.
func TestOutOfRangeBoundSaysWhatTheValueWasCheckedAgainst(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{{Name: "far",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"number","minimum":1e400},"m":{"type":"number","exclusiveMaximum":-1e400},"k":{"type":"number","maximum":10}}}`)}}})
	s, _ := open(t, srv.URL)
	if _, _, err := runLine(t, s, "tools/list"); err != nil {
		t.Fatal(err)
	}
	_, warns, _ := runLine(t, s, "tools/call far n=5 m=5 k=11")
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	for _, want := range []string{
		"n: 5 is below the minimum: the schema's minimum is a number past float64's range, not a usable number, so 5 was checked against infinity in its place",
		"m: 5 is not below the exclusive maximum: the schema's exclusive maximum is a negative number past float64's range, not a usable number, so 5 was checked against minus infinity in its place",
		"k: 11 is above the maximum 10",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("warnings %q, want %q", got, want)
		}
	}
}
