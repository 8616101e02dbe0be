package ui

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync/atomic"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// heldGateway is the demo gateway with the second initialize (the one i
// sends) held until release is closed, then refused with a 500 when
// refuse is set, and each completion/complete held until answer is
// closed; asked counts the completion/completes that reached it. The
// third initialize is held until third is closed (startHeldGateways).
type heldGateway struct {
	url                    string
	release, answer, third chan struct{}
	refuse                 bool
	asked                  atomic.Int32
}

func startHeldGateway(t *testing.T, refuse bool) *heldGateway {
	return startHeldGateways(t, refuse, false)
}

// startHeldGateways is startHeldGateway, holding the third initialize
// too when holdThird is set.
func startHeldGateways(t *testing.T, refuse, holdThird bool) *heldGateway {
	g := &heldGateway{release: make(chan struct{}), answer: make(chan struct{}), third: make(chan struct{}), refuse: refuse}
	if !holdThird {
		close(g.third)
	}
	var inits atomic.Int32
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct{ Method string }
		_ = json.Unmarshal(body, &msg)
		wait := func(ch chan struct{}) bool {
			select {
			case <-ch:
				return true
			case <-r.Context().Done():
				return false
			}
		}
		n := int32(0)
		if msg.Method == "initialize" {
			n = inits.Add(1)
		}
		switch {
		case n == 2:
			if !wait(g.release) {
				return
			}
			if g.refuse {
				http.Error(w, "db down", http.StatusInternalServerError)
				return
			}
		case n == 3:
			if !wait(g.third) {
				return
			}
		case msg.Method == "completion/complete":
			g.asked.Add(1)
			if !wait(g.answer) {
				return
			}
		}
		gateway.ServeHTTP(w, r)
	})
	g.url = up.URL + "/mcp"
	return g
}

// holdTab presses i, whose initialize g holds, and then Tab on a prompt
// argument's value, which waits for that initialize.
func (g *heldGateway) holdTab(t *testing.T) *live {
	l := startLiveReady(t, mcp.Config{URL: g.url, Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.typeTab(":prompts/get review_code ")
	l.waitOK("prompts/list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type("i")
	l.waitFor("initialize: waiting for the answer")
	l.mark()
	l.typeTab(":prompts/get review_code language=py")
	l.waitFor("values of language: asked once the session is initialized")
	l.mark()
	return l
}

// A Tab held for i's initialize asked the server in the same moment the
// initialize's answer was said, and its "asking the server…" covered it
// before it was drawn: "a new session replaced the old one" (what the
// old session held is gone) was never read. A refused initialize's error
// was covered too, and the ask still went to a session that had none.
func TestLiveHeldTabKeepsTheInitializesWords(t *testing.T) {
	g := startHeldGateway(t, false)
	l := g.holdTab(t)
	close(g.release)
	l.waitFor("a new session replaced the old one")
	close(g.answer)
	l.waitFor("python")
	l.quit()

	g = startHeldGateway(t, true)
	l = g.holdTab(t)
	close(g.release)
	l.waitFor("db down")
	m := l.quit()
	if n := g.asked.Load(); n != 0 {
		t.Errorf("completion/complete reached the server %d times after the initialize was refused, want none", n)
	}
	if m.heldAsk != nil {
		t.Error("the held ask outlived the refused initialize")
	}
}

// A held Tab's answer that came after the user began another session was
// offered there: the session check was skipped for a held ask, whose
// session the log might not know yet.
func TestLiveHeldTabsAnswerAfterAnotherInitialize(t *testing.T) {
	// The third initialize is held until the answer is read: answered,
	// its session ends the second one upstream (DELETE), and the held ask
	// for the second one was refused 404 as often as answered when the
	// machine was slow.
	g := startHeldGateways(t, false, true)
	l := g.holdTab(t)
	close(g.release)
	l.waitFor("a new session replaced the old one")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type("i")
	// The third initialize's row, not the status: its "a new session
	// replaced the old one" is the line already on screen, which a frame
	// that skipped the wait in between never redraws.
	l.waitRowsDrawn("initialize", 3)
	close(g.answer)
	l.waitFor("came after the session changed")
	close(g.third)
	l.quit()
}

// i pressed twice, then Tab: the first initialize refused, the second
// opening the session. The refusal dropped the held Tab though another
// initialize was still on its way, and the values were never asked for.
func TestLiveHeldTabOutlivesARefusalWhileAnotherInitializeRuns(t *testing.T) {
	g := startHeldGateways(t, true, true)
	l := startLiveReady(t, mcp.Config{URL: g.url, Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.typeTab(":prompts/get review_code ")
	l.waitOK("prompts/list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type("i")
	l.waitFor("initialize: waiting for the answer")
	l.mark()
	l.tm.Type("i")
	l.waitFor("initialize: waiting for the answer")
	l.mark()
	l.typeTab(":prompts/get review_code language=py")
	l.waitFor("values of language: asked once the session is initialized")
	close(g.release)
	l.waitFor("db down")
	close(g.third)
	close(g.answer)
	l.waitFor("python")
	l.quit()
	if n := g.asked.Load(); n != 1 {
		t.Errorf("completion/complete reached the server %d times, want once, after the initialize that opened the session", n)
	}
}
