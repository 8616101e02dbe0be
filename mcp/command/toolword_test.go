package command

import (
	"strings"
	"testing"
	"time"

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
	start := time.Now()
	r, warnings, err := runLine(t, s, "greet name=Ann")
	took := time.Since(start)
	if took > toolGuessWait+3*time.Second {
		t.Errorf("greet took %v: the tools/list that never answers held it back past %v", took, toolGuessWait)
	}
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
