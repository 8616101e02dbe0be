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
// editor calling itself editor ("" for no User-Agent).
func capEndsOwnFirst(t *testing.T, editor string) {
	c := pastTheCap(t, [][2]string{{editor, "editor"}, {"script/1", "run-1"}, {"script/1", "run-2"}})
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
	for _, c := range w.sessions() {
		name, _ := c.Info()
		w.mu.Lock()
		ended := w.ended[c.ID]
		w.mu.Unlock()
		if ended != (name == "run-1") {
			t.Errorf("session %q ended: %v; want only run-1, the script's own oldest, ended", name, ended)
		}
		if name == "run-1" && ended {
			w.record(t, c.ID, "run-1's end saying why", func(r mcp.Record) bool {
				return r.State != nil && r.State.State == mcp.StateClosed &&
					strings.HasPrefix(r.State.Detail, "ended by mcpscope: 2 client sessions at once; the least recently active idle one was closed: this client's own, as its new session needed room")
			})
		}
	}
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
