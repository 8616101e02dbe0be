package main

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A nextCursor holding a control character is printed as cursor=$'...'
// with the byte escaped, which a shell reads back as that cursor: quoted
// as '...' and then made safe for the terminal, the byte showed as another
// character, and the pasted command asked for a page the server never
// named.
func TestExecCursorWithControlPastesBack(t *testing.T) {
	const cursor = "p2\x1b[31m"
	var mu sync.Mutex
	var asked []string
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "resources/list" {
			c.Default()
			return
		}
		var p struct {
			Cursor string `json:"cursor"`
		}
		_ = json.Unmarshal(c.Params, &p)
		mu.Lock()
		asked = append(asked, p.Cursor)
		mu.Unlock()
		page := map[string]any{"resources": []map[string]any{{"uri": "demo://a", "name": "a"}}}
		if p.Cursor == "" {
			page["nextCursor"] = cursor
		}
		c.Result(page)
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "resources/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if want := `cursor=$'p2\x1b[31m'`; !strings.Contains(out, want) {
		t.Fatalf("resources/list with the nextCursor %q printed no %s to paste:\n%s", cursor, want, out)
	}
	// What bash makes of that word, given to exec as the hint says.
	out, errOut, code = run(t, "exec", "--no-record", srv.SSEURL(), "resources/list", "cursor="+cursor)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 2 || asked[1] != cursor {
		t.Errorf("the pasted command asked for the cursors %q, want the second %q", asked, cursor)
	}
}
