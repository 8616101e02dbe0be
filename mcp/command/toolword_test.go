package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A word typed where the method goes that may be a tool's name lists the
// tools first; a server whose tools/list never answers held the command
// itself back for the whole request timeout (a minute by default) with
// nothing said, then sent it with what was left. The listing is a guess's:
// it gets a short while, the command goes as typed, and the warning says
// why it came late and that the guess was not made.
func TestRunWordAsMethodWithHangingToolsList(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) { <-x.Context().Done() })
	s, _ := open(t, srv.URL)
	// runLine gives the command 10s, a sixth of the request timeout: a
	// command held back for the whole of it gets no answer at all. How
	// long the guess waited is the product's own clock, said in the
	// warning, not the test's (a loaded machine may take seconds more to
	// run the rest).
	r, warnings, err := runLine(t, s, "greet name=Ann")
	if r == nil || r.Error == nil {
		t.Fatalf("greet got %v, %v: want the server's own refusal of the method it was sent", r, err)
	}
	said := ""
	for _, w := range warnings {
		said += w.Message + "\n"
	}
	if want := "whether greet is a tool is not known: tools/list, asked first, gave no answer within 2s"; !strings.Contains(said, want) {
		t.Errorf("warnings %q do not say %q", said, want)
	}
}
