package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client retrying its initialize against an upstream that is down (the
// Go SDK's, three attempts) leaves one recording for the run holding every
// attempt, not a recording per attempt (720 an hour at one retry in 5 s):
// the report says how many and where. Each attempt still has its lines.
func TestInitializesUpstreamNeverAnsweredShareOneRecording(t *testing.T) {
	stateDir(t)
	addr := mcptest.ClosedAddr(t)
	h := startHeadless(t, "http://"+addr+"/mcp", proxyFlags{})
	const attempts = 3
	for range attempts {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := sdk.NewClient(&sdk.Implementation{Name: "retrier", Version: "1"}, nil).Connect(ctx,
			&sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true}, nil)
		cancel()
		if err == nil {
			t.Fatal("the client connected through a proxy to nothing")
		}
	}
	h.stop()
	out := h.errw.String()
	recording := onlyRecording(t, h.dir)
	if !strings.Contains(recording, "sessions-upstream-never-answered") {
		t.Errorf("the one recording is %s, want it named for what it holds", recording)
	}
	// The recording's path has a line of its own (sayPathBelow).
	want := "3 sessions ended with nothing answered by upstream"
	if want := "3 sessions ended with nothing answered by upstream"; !strings.Contains(out, want) || !strings.Contains(out, "recorded together in:\n  "+recording+"\n") {
		t.Errorf("the report lacks %q and %s:\n%s", want, recording, out)
	}
	// Named once: the list of sessions recorded after it named it again.
	report := out[max(strings.Index(out, want), 0):]
	if n := strings.Count(report, recording); n != 1 {
		t.Errorf("the report names %s %d times, want once:\n%s", recording, n, report)
	}
	inits := 0
	for _, r := range readRecording(t, recording) {
		if r.RPC != nil && r.RPC.Method == "initialize" && r.RPC.ID != "" && r.Kind == mcp.KindSent {
			inits++
		}
	}
	if inits != attempts {
		t.Errorf("the recording holds %d initializes, want the %d attempts", inits, attempts)
	}
	for _, id := range []string{"#1 retrier 1", "#2 retrier 1", "#3 retrier 1"} {
		if !strings.Contains(out, id+" · streamable → initialize") {
			t.Errorf("stderr lacks the attempt %s:\n%s", id, out)
		}
	}
	// mcpscope sessions names it for what it holds, where it named it by
	// the first attempt's client, as if it held that one session.
	infos, err := history.List(h.dir)
	if err != nil {
		t.Fatal(err)
	}
	if list := history.RenderSessions(infos, 0); !strings.Contains(list, "(3 sessions upstream never answered) http://") || strings.Contains(list, "client retrier") {
		t.Errorf("sessions does not name the recording for the 3 sessions it holds:\n%s", list)
	}
}

// A session whose upstream is slow to answer its initialize (longer than
// answerWait) is shown as its own once answerWait passed, before upstream
// answers, and recorded on its own: only sessions upstream never answered
// are folded.
func TestSlowInitializeIsItsOwnSession(t *testing.T) {
	stateDir(t)
	url, release := heldUpstream(t, "slow", func(r *http.Request) bool {
		body, _ := io.ReadAll(r.Body)
		return strings.Contains(string(body), `"patient"`)
	})
	h := startHeadless(t, url+"/mcp", proxyFlags{})
	type answer struct {
		status int
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		status, _, err := tryClientPost(h.run.base+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"patient","version":"1"}}}`)
		answered <- answer{status, err}
	}()
	// Woken by each line the proxy writes, where a loop slept a
	// millisecond between looks.
	h.waitFor("#1 patient 1 · streamable → initialize")
	release()
	if a := <-answered; a.err != nil || a.status != http.StatusOK {
		t.Fatalf("the initialize was answered %d (%v), want upstream's 200", a.status, a.err)
	}
	h.stop()
	if recording := onlyRecording(t, h.dir); !strings.Contains(recording, "proxy-streamable-1") {
		t.Errorf("the session is recorded in %s, want a recording of its own", recording)
	}
}
