package proxy

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A script that makes a new client for every call, and ends none, opens
// session after session while the user's editor sits idle between its
// calls. At the cap the proxy ends an idle session to make room: it ended
// the editor's, the least recently active, and cut its recording in two.
// It ends the script's own oldest instead, also when the editor sends no
// User-Agent, which is not the script's.
func TestTheCapEndsTheNewcomersOwnIdleSessionFirst(t *testing.T) {
	for _, editor := range []string{"editor/1", ""} {
		t.Run("editor User-Agent "+strconv.Quote(editor), func(t *testing.T) { capEndsOwnFirst(t, editor) })
	}
}

// capEndsOwnFirst is TestTheCapEndsTheNewcomersOwnIdleSessionFirst with an
// editor calling itself editor ("" for no User-Agent), and a script that
// names itself "script" in every client it makes.
func capEndsOwnFirst(t *testing.T, editor string) {
	c := pastTheCap(t, [][2]string{{editor, "editor"}, {"script/1", "script"}, {"script/1", "script"}})
	onlyScriptsFirstEnded(t, c)
}

// onlyScriptsFirstEnded checks, of the sessions pastTheCap began for an
// editor and then twice a script, that only the script's first ended, and
// that its end says it was the script's own.
func onlyScriptsFirstEnded(t *testing.T, c *crowd) {
	t.Helper()
	w := c.w
	w.until(t, "three sessions, one of them ended", func() bool {
		n := 0
		for _, c := range w.clients {
			if w.ended[c.ID] {
				n++
			}
		}
		return len(w.clients) == 3 && n == 1
	})
	editor := c.session("editor")
	first := editor.ID + 1
	w.mu.Lock()
	editorEnded, firstEnded := w.ended[editor.ID], w.ended[first]
	w.mu.Unlock()
	if editorEnded || !firstEnded {
		t.Fatalf("the editor's session ended: %v, the script's first: %v; want only the script's first, its own oldest, ended", editorEnded, firstEnded)
	}
	w.record(t, first, "the script's first session's end saying why", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateClosed &&
			strings.HasPrefix(r.State.Detail, "ended by mcpscope: 2 client sessions at once; the least recently active idle one was closed: this client's own, as its new session needed room")
	})
}

// A newcomer whose client has no idle session of its own ends the least
// recently active idle one of all, and that session's end says another
// client's new session did it, and whose, not the rule of the client's
// own.
func TestTheCapSaysAnotherClientsSessionEndedIt(t *testing.T) {
	c := pastTheCap(t, [][2]string{{"editor/1", "editor"}, {"script/1", "run-1"}, {"other/2", "other"}})
	w := c.w
	editor := c.session("editor")
	c.w.until(t, "the editor's session to end", func() bool { return c.w.ended[editor.ID] })
	want := "ended by mcpscope: 2 client sessions at once; the least recently active idle one was closed: of all clients', as another client (other 2, from 127.0.0.1:"
	closed := w.record(t, editor.ID, "the editor's end", inState(mcp.StateClosed, ""))
	if !strings.HasPrefix(closed.State.Detail, want) || !strings.Contains(closed.State.Detail, ") began a session and had none of its own idle") {
		t.Errorf("the editor's session ended saying %q, want it to begin %q", closed.State.Detail, want)
	}
}

// pastTheCap initializes a session for each of sessions (a User-Agent and
// a clientInfo name), in order, through a proxy kept to two sessions in
// front of the demo gateway.
func pastTheCap(t *testing.T, sessions [][2]string) *crowd {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, srv.URL, Config{MaxSessions: 2})
	c := &crowd{t: t, base: base, w: w}
	for _, s := range sessions {
		if _, refused := c.initialize(s[1], "User-Agent", s[0]); refused != nil {
			t.Fatalf("initialize %s through the proxy: %s", s[1], refused.Status)
		}
	}
	return c
}

// Two clients behind one address often send one User-Agent (their HTTP
// library's): an editor and a script that makes a new client for every
// call, both "node". At the cap the script's next session ended the
// editor's, the least recently active, as if it were the script's own.
// Their clientInfo tells them apart: the script's own oldest ends.
func TestTheCapTellsClientsOfOneUserAgentApartByClientInfo(t *testing.T) {
	onlyScriptsFirstEnded(t, pastTheCap(t, [][2]string{{"node", "editor"}, {"node", "script"}, {"node", "script"}}))
}
