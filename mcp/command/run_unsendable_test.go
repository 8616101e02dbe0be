package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A mistyped method 2026-07-28 cannot carry in its Mcp-Method header (not
// plain ASCII) is refused in one line that says why and what was meant:
// no warning that it was "sent as typed" in front of the refusal saying
// it was not.
func TestRunUnsendableTypoIsOneRefusal(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	s, _ := open(t, srv.StatelessURL())
	for _, line := range []string{"tööls/list", "notifications/initialised\u00a0"} {
		_, warnings, err := runLine(t, s, line)
		if len(warnings) != 0 {
			t.Errorf("%q: warnings %v, want none: nothing was sent", line, warnings)
		}
		if err == nil || !strings.Contains(err.Error(), "cannot be sent over 2026-07-28") || !strings.Contains(err.Error(), "did you mean ") {
			t.Errorf("%q: err %v, want the refusal naming the method meant", line, err)
		}
	}
	// A method with no near spelling is refused as before, with no guess.
	_, warnings, err := runLine(t, s, "ünknown/thing")
	if len(warnings) != 0 || err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("ünknown/thing: %v, %v, want the refusal alone", warnings, err)
	}
}
