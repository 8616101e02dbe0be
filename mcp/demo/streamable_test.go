package demo

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// session is a streamable session opened by hand.
type session struct {
	t   *testing.T
	url string
	id  string
}

// openSession initializes a streamable session by hand on protocol 2025-11-25
// and checks the answer's wire shape.
func openSession(t *testing.T, url string) *session {
	t.Helper()
	return openSessionWith(t, url, `{}`)
}

// openSessionWith is openSession for a client declaring capabilities (JSON).
func openSessionWith(t *testing.T, url, capabilities string) *session {
	t.Helper()
	a := rawDo(t, http.MethodPost, url, map[string]string{
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
	}, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":`+capabilities+`,"clientInfo":{"name":"raw","version":"0"}}}`)
	s := &session{t: t, url: url, id: a.header.Get("Mcp-Session-Id")}
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "text/event-stream" || s.id == "" {
		t.Fatalf("initialize = %d %s session %q, want 200 text/event-stream with a session id", a.status, a.header.Get("Content-Type"), s.id)
	}
	// From 2025-11-25 each stream opens with a priming event: an id for
	// Last-Event-ID, and no data.
	if !regexp.MustCompile(`^event: prime\nid: [A-Z2-7]{26}_0\ndata: \n\n`).MatchString(a.body) {
		t.Errorf("initialize stream starts %q, want a priming event", a.body)
	}
	if evs := messages(t, a.body); len(evs) != 1 || path(evs[0].msg, "result", "serverInfo", "name") != "mcpscope-demo" {
		t.Errorf("initialize messages = %+v, want the result", evs)
	}
	if a := s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); a.status != http.StatusAccepted || a.body != "" {
		t.Errorf("notifications/initialized = %d %q, want 202 and no body", a.status, a.body)
	}
	return s
}

func (s *session) header(extra map[string]string) map[string]string {
	h := map[string]string{
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Session-Id": s.id, "MCP-Protocol-Version": "2025-11-25",
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

func (s *session) post(body string) rawAnswer {
	s.t.Helper()
	return rawDo(s.t, http.MethodPost, s.url, s.header(nil), body)
}

// messages returns the "message" events of a body, leaving out the priming
// and close events (go-sse yields those too, with empty data).
func messages(t *testing.T, body string) []event {
	t.Helper()
	var out []event
	for _, e := range allEvents(t, body) {
		if e.typ == "message" {
			out = append(out, e)
		}
	}
	return out
}

func TestStreamableSessionWire(t *testing.T) {
	ts := startDemo(t, Options{})
	s := openSession(t, ts.URL+StreamablePath)

	// The session's own stream answers at once with a comment.
	ctx, cancel := context.WithCancel(context.Background())
	resp := rawOpen(t, ctx, http.MethodGet, s.url, s.header(map[string]string{"Accept": "text/event-stream"}), "")
	first := make([]byte, 6)
	_, err := io.ReadFull(resp.Body, first)
	if resp.StatusCode != http.StatusOK || err != nil || string(first) != ": ok\n\n" {
		t.Errorf("GET stream = %d %q (%v), want 200 starting with \": ok\"", resp.StatusCode, first, err)
	}
	cancel()
	resp.Body.Close()

	if a := rawDo(t, http.MethodDelete, s.url, s.header(nil), ""); a.status != http.StatusNoContent {
		t.Errorf("DELETE = %d %q, want 204", a.status, a.body)
	}
	a := s.post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if a.status != http.StatusNotFound || !strings.Contains(a.body, "session not found") {
		t.Errorf("POST after DELETE = %d %q, want 404 session not found", a.status, a.body)
	}
}

func TestStreamableSessionExpires(t *testing.T) {
	ts := startDemo(t, Options{SessionTimeout: 30 * time.Millisecond})
	// The session initialize made, and no notifications/initialized after
	// it (openSession's): sent more than the 30ms later, as it can be on a
	// busy machine under -race, it found the session expired already.
	url := ts.URL + StreamablePath
	a := rawDo(t, http.MethodPost, url, map[string]string{
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
	}, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	s := &session{t: t, url: url, id: a.header.Get("Mcp-Session-Id")}
	if a.status != http.StatusOK || s.id == "" {
		t.Fatalf("initialize = %d session %q, want 200 with a session id", a.status, s.id)
	}
	// A GET does not keep a session alive (a POST would), so polling with
	// it lets the idle timer run out.
	waitFor(t, "the idle session to expire", func() bool {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		resp := rawOpen(t, ctx, http.MethodGet, s.url, s.header(map[string]string{"Accept": "text/event-stream"}), "")
		resp.Body.Close()
		return resp.StatusCode == http.StatusNotFound
	})
	if a := s.post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); a.status != http.StatusNotFound {
		t.Errorf("POST to the expired session = %d %q, want 404", a.status, a.body)
	}
}

// TestStreamableResumeByHand cuts a response stream with cut_stream and gets
// the rest with GET and Last-Event-ID, as the transport specification says.
func TestStreamableResumeByHand(t *testing.T) {
	ts := startDemo(t, Options{})
	s := openSession(t, ts.URL+StreamablePath)
	a := s.post(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"cut_stream",` +
		`"arguments":{"steps":4,"cut_after":2,"step_ms":0,"retry_ms":20},"_meta":{"progressToken":"cut"}}}`)
	if a.status != http.StatusOK {
		t.Fatalf("cut_stream = %d %q, want 200", a.status, a.body)
	}
	m := regexp.MustCompile(`^event: prime\nid: ([A-Z2-7]{26})_0\ndata: \n\n`).FindStringSubmatch(a.body)
	if m == nil {
		t.Fatalf("cut stream %q does not start with a priming event", a.body)
	}
	stream := m[1]
	if !strings.HasSuffix(a.body, "event: close\nretry: 20\ndata: \n\n") {
		t.Errorf("cut stream %q does not end with a close event carrying retry: 20", a.body)
	}
	var progress []string
	for _, e := range messages(t, a.body) {
		if e.msg["id"] != nil {
			t.Fatalf("the cut stream carried the response %v, want it cut before", e.msg)
		}
		progress = append(progress, fmt.Sprint(e.id, " ", path(e.msg, "params", "progress")))
	}
	if want := []string{stream + "_1 1", stream + "_2 2"}; strings.Join(progress, ",") != strings.Join(want, ",") {
		t.Errorf("before the cut: %q, want %q", progress, want)
	}

	resumed := rawDo(t, http.MethodGet, s.url, s.header(map[string]string{
		"Accept": "text/event-stream", "Last-Event-ID": stream + "_2",
	}), "")
	if resumed.status != http.StatusOK {
		t.Fatalf("GET with Last-Event-ID = %d %q, want 200", resumed.status, resumed.body)
	}
	var after []string
	for _, e := range messages(t, resumed.body) {
		what := fmt.Sprint(path(e.msg, "params", "progress"))
		if e.msg["id"] != nil {
			what = fmt.Sprint(path(e.msg, "result", "content"))
		}
		after = append(after, e.id+" "+what)
	}
	want := []string{stream + "_3 3", stream + "_4 4",
		stream + "_5 [map[text:done: 4 steps; the response stream was cut after step 2, so this answer came on a resumed stream type:text]]"}
	if strings.Join(after, "\n") != strings.Join(want, "\n") {
		t.Errorf("after resuming:\n%s\nwant\n%s", strings.Join(after, "\n"), strings.Join(want, "\n"))
	}
}

// Before 2026, confirm's form is a server request: it arrives on the
// response stream of the tools/call, the client POSTs its answer (202), and
// the result follows on the same stream.
func TestStreamableServerRequestOnResponseStream(t *testing.T) {
	ts := startDemo(t, Options{})
	s := openSessionWith(t, ts.URL+StreamablePath, `{"elicitation":{"form":{}}}`)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	resp := rawOpen(t, ctx, http.MethodPost, s.url, s.header(nil),
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"confirm","arguments":{"action":"reboot"}}}`)
	defer resp.Body.Close()
	evs := streamEvents(resp.Body)
	var ask event
	for ask.msg["method"] == nil {
		ask = receive(t, evs, "the elicitation/create request")
	}
	if ask.msg["method"] != "elicitation/create" || ask.msg["id"] == nil || path(ask.msg, "params", "message") != "Confirm: reboot?" {
		t.Fatalf("server request = %v, want elicitation/create with an id", ask.msg)
	}
	answer := mustJSON(t, map[string]any{"jsonrpc": "2.0", "id": ask.msg["id"], "result": map[string]any{
		"action": "accept", "content": map[string]any{"name": "Ann", "confirm": true},
	}})
	if a := s.post(answer); a.status != http.StatusAccepted {
		t.Errorf("POST of the answer = %d %q, want 202", a.status, a.body)
	}
	for e := range evs {
		if e.msg["id"] == float64(5) {
			if got := mustJSON(t, path(e.msg, "result", "content")); !strings.Contains(got, "confirmed by Ann: reboot in staging, 1 copy") {
				t.Errorf("confirm's result = %s, want it confirmed", got)
			}
			return
		}
	}
	t.Fatal("the response stream ended without confirm's result")
}

// recorder keeps the requests an HTTP client sends.
type recorder struct {
	mu   sync.Mutex
	seen []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.seen = append(r.seen, req.Method+" Last-Event-ID="+req.Header.Get("Last-Event-ID"))
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

// TestStreamableResumeWithSDKClient shows the SDK's client resuming by
// itself: the call succeeds, every progress arrives, and a GET with
// Last-Event-ID went out.
func TestStreamableResumeWithSDKClient(t *testing.T) {
	ts := startDemo(t, Options{})
	rec := &recorder{}
	copts, progress := progressClient()
	client := mcp.NewClient(&mcp.Implementation{Name: "demo-test", Version: "v0"}, copts)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint: ts.URL + StreamablePath, HTTPClient: &http.Client{Transport: rec}, DisableStandaloneSSE: true,
	}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	params := &mcp.CallToolParams{Name: "cut_stream", Arguments: map[string]any{"steps": 3, "cut_after": 1, "step_ms": 0, "retry_ms": 1}}
	params.SetProgressToken("sdk")
	res, err := cs.CallTool(ctxT(t), params)
	if err != nil || !strings.Contains(text(t, res), "came on a resumed stream") {
		t.Fatalf("cut_stream = %v %v, want it answered on a resumed stream", res, err)
	}
	for i := 1; i <= 3; i++ {
		if p := nextProgress(t, progress); p.Progress != float64(i) {
			t.Errorf("progress %d = %v, want %d", i, p.Progress, i)
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var resumed bool
	for _, r := range rec.seen {
		resumed = resumed || regexp.MustCompile(`^GET Last-Event-ID=[A-Z2-7]{26}_1$`).MatchString(r)
	}
	if !resumed {
		t.Errorf("requests %q, want a GET with Last-Event-ID after event 1", rec.seen)
	}
}

// Legacy SSE and stateless sessions cannot resume, so cut_stream cuts
// nothing there.
func TestCutStreamElsewhereCutsNothing(t *testing.T) {
	ts := startDemo(t, Options{})
	for _, e := range []era{legacyEra, statelessEra} {
		t.Run(e.name, func(t *testing.T) {
			got := text(t, call(t, e.connect(t, ts.URL, nil), "cut_stream", map[string]any{"step_ms": 0}))
			if !strings.Contains(got, "nothing was cut") {
				t.Errorf("cut_stream = %q, want nothing cut", got)
			}
		})
	}
}

// A modern client probing /mcp with server/discover learns that this
// endpoint speaks only the session eras: the SDK answers discover there too,
// listing no 2026 version, and opens no session. Any other 2026 request is
// refused with -32022.
func TestStreamableAnswersDiscoverWithOlderVersions(t *testing.T) {
	ts := startDemo(t, Options{})
	url := ts.URL + StreamablePath
	h, b := modern(t, 1, "server/discover", nil, nil)
	a := rawDo(t, http.MethodPost, url, h, b)
	msgs := messages(t, a.body)
	if a.status != http.StatusOK || a.header.Get("Mcp-Session-Id") != "" || len(msgs) != 1 {
		t.Fatalf("server/discover on /mcp = %d session %q %q, want 200, no session, one message", a.status, a.header.Get("Mcp-Session-Id"), a.body)
	}
	versions := mustJSON(t, path(msgs[0].msg, "result", "supportedVersions"))
	if strings.Contains(versions, protocol2026) || !strings.Contains(versions, "2025-11-25") {
		t.Errorf("supportedVersions on /mcp = %s, want the 2025 versions only", versions)
	}
	h, b = modern(t, 2, "tools/list", nil, nil)
	status, msg := modernCall(t, url, h, b)
	if status != http.StatusBadRequest || path(msg, "error", "code") != float64(-32022) {
		t.Errorf("a 2026 tools/list on /mcp = %d %v, want 400 -32022", status, msg)
	}
}
