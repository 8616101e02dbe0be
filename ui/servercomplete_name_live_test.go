package ui

import (
	"encoding/json"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A prompt named a=b (names are the server's: = is allowed). Unquoted,
// prompts/get a=b lang=r names no prompt: Enter refuses it, and Tab, which
// asked the server for values of prompt "a=b"'s lang and offered them,
// says what Enter says instead. Quoted, Tab asks completion/complete for
// prompt a=b, with the other arguments as context.
func TestLiveServerCompletionForPromptNamedWithEquals(t *testing.T) {
	var mu sync.Mutex
	var got []string
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch {
		case c.Kind == mcptest.KindRequest && c.Method == "initialize":
			c.Result(map[string]any{"protocolVersion": "2025-06-18", "serverInfo": map[string]any{"name": "fake", "version": "1"},
				"capabilities": map[string]any{"prompts": map[string]any{}, "completions": map[string]any{}}})
		case c.Kind == mcptest.KindRequest && c.Method == "prompts/list":
			arg := []map[string]any{{"name": "lang"}, {"name": "x"}}
			c.Result(map[string]any{"prompts": []map[string]any{{"name": "a=b", "arguments": arg}}})
		case c.Kind == mcptest.KindRequest && c.Method == "completion/complete":
			var p struct {
				Ref      struct{ Type, Name string }
				Argument struct{ Name, Value string }
				Context  struct{ Arguments map[string]string }
			}
			_ = json.Unmarshal(c.Params, &p)
			mu.Lock()
			got = append(got, p.Ref.Type+" "+p.Ref.Name+" · "+p.Argument.Name+"="+p.Argument.Value+" · x="+p.Context.Arguments["x"])
			mu.Unlock()
			c.Result(map[string]any{"completion": map[string]any{"values": []string{"rust", "ruby"}}})
		default:
			c.Default()
		}
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.command("prompts")
	l.waitOK("prompts/list")
	l.mark()
	l.typeTab(":prompts/get a=b lang=r")
	// Enter refuses that line: Tab says so, and asks the server nothing.
	l.waitFor("prompts/get needs the prompt's name before its arguments (a name that holds = goes in quotes: prompts/get 'a=b')")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.mark()
	l.typeTab(":prompts/get 'a=b' x='1 2' lang=r")
	l.waitFor("the server offered 2 values for lang")
	l.mark()
	l.typeTab(" x=")
	l.waitFor("the server offered 2 values for x")
	l.quit()
	mu.Lock()
	defer mu.Unlock()
	want := []string{"ref/prompt a=b · lang=r · x=1 2", "ref/prompt a=b · x= · x="}
	if len(got) != len(want) {
		t.Fatalf("completion/complete asked %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("completion/complete %d asked %q, want %q", i, got[i], want[i])
		}
	}
}
