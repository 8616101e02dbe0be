package command

import (
	"strings"
	"testing"
)

// Arguments given as one JSON array are refused when the line is read,
// before any schema is at hand: no schema makes them right. A bare word
// among key=value words, or text that only starts with "[", waits for the
// schema, which may tell the key it was meant for.
func TestParseRefusesArgumentsArray(t *testing.T) {
	for _, tc := range []struct {
		line    string
		refused bool
	}{
		{"tools/call greet [1]", true},
		{`tools/call greet [1, "a b"]`, true},
		{`tools/call greet '[1, "a b"]'`, true},
		{"call greet []", true},
		{"tools/call greet name=Ann [1]", false},
		{"tools/call greet [1] name=Ann", false},
		{"tools/call greet [1", false},
		{`tools/call greet {"name":"Ann"}`, false},
		{"tools/call greet Ann", false},
	} {
		_, err := ParseCommand(tc.line)
		got := err != nil && strings.Contains(err.Error(), "takes its arguments by name, not as a JSON array")
		if got != tc.refused {
			t.Errorf("ParseCommand(%q) = %v; want refused as an array: %v", tc.line, err, tc.refused)
		}
	}
}
