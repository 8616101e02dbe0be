package ui

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// live is the whole program on a real session over loopback HTTP, with
// the TUI answering what the server asks.
type live struct {
	t    *testing.T
	tm   *teatest.TestModel
	sess *mcp.Session
	out  io.Reader
	seen bytes.Buffer
	from int // where waitFor starts looking in seen
}

// startLive connects a session with cfg (its Answerer set to the TUI's)
// and runs the TUI on it at 160x45.
func startLive(t *testing.T, cfg mcp.Config) *live {
	t.Helper()
	return startLiveWith(t, cfg, func(*Options) {})
}

// startLiveWith is startLive with the TUI's options changed by set (a
// clock the test moves).
func startLiveWith(t *testing.T, cfg mcp.Config, set func(*Options)) *live {
	t.Helper()
	s, answers := liveSession(t, cfg)
	// As the CLI does: no --transport is "auto", detection.
	transport := cfg.Transport
	if transport == "" {
		transport = mcp.TransportAuto
	}
	opts := Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: cfg.URL, Transport: transport, Answers: answers}
	set(&opts)
	m := New(opts)
	m.clipboard = &bytes.Buffer{}
	l := runLive(t, m, s)
	go func() { _ = s.Connect(t.Context()) }()
	return l
}

// liveSession is a session of cfg for a live test, not connected yet: its
// answers are those the TUI puts to the user (answers, for the TUI's
// Options), each request bounded by 15s unless cfg says; closed when the
// test ends.
func liveSession(t *testing.T, cfg mcp.Config) (*mcp.Session, *Answerer) {
	t.Helper()
	answers := NewAnswerer()
	cfg.Answerer = answers
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 15 * time.Second
	}
	s := mcp.NewSession(cfg)
	t.Cleanup(func() { s.Close() })
	return s, answers
}

// runLive runs the TUI m at 160x45, keeping all it draws for waitFor; s
// is the session the test drives.
func runLive(t *testing.T, m *Model, s *mcp.Session) *live {
	t.Helper()
	return runLiveSized(t, m, s, 160, 45)
}

// runLiveSized is runLive on a terminal of w x h.
func runLiveSized(t *testing.T, m *Model, s *mcp.Session, w, h int) *live {
	t.Helper()
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	return l
}

// waitFor waits until the screen has shown what since the last mark (all
// of the output is kept, so what was drawn while waiting for something
// else counts).
func (l *live) waitFor(what string) {
	l.t.Helper()
	l.waitUntil(func(seen []byte) bool { return bytes.Contains(seen, []byte(what)) })
}

// waitText waits until what is drawn since the last mark however it is
// styled: a search match is coloured apart from the rest of its line, so
// its bytes on the wire are not what the screen reads.
func (l *live) waitText(what string) {
	l.t.Helper()
	l.waitUntil(func(seen []byte) bool { return strings.Contains(ansi.Strip(string(seen)), what) })
}

// initialize waits for the session to open, presses i and waits for the
// session to be initialized.
func (l *live) initialize() {
	l.t.Helper()
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
}

// mark makes later waits look only at what is drawn from now on.
func (l *live) mark() { l.from = l.seen.Len() }

// markAfter makes later waits look only at what is drawn after what, as
// first drawn since the last mark. A mark set once a wait is over leaves
// out the frames read along with the one waited for: on a loaded machine
// the next ones are drawn before the wait reads the output, and a wait
// for what they show never ends.
func (l *live) markAfter(what string) {
	l.t.Helper()
	i := bytes.Index(l.seen.Bytes()[l.from:], []byte(what))
	if i < 0 {
		l.t.Fatalf("%q was not drawn since the last mark", what)
	}
	l.from += i + len(what)
}

// typeLine types a line and presses enter.
func (l *live) typeLine(s string) {
	l.tm.Type(s)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
}

// call opens the command line with c and sends a tools/call.
func (l *live) call(args string) {
	l.tm.Type("c")
	l.typeLine(args)
}

// command opens the command line with : and sends line.
func (l *live) command(line string) {
	l.tm.Type(":")
	l.typeLine(line)
}

// quit leaves the program and returns the final model. What it drew
// after the last wait is read into seen too: a wait can match a frame read
// only in part, and a test that looks at seen afterwards looks at all.
func (l *live) quit() *Model {
	l.t.Helper()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	l.tm.WaitFinished(l.t, teatest.WithFinalTimeout(liveWait))
	if _, err := io.ReadAll(l.out); err != nil {
		l.t.Fatalf("reading what the TUI drew last: %v", err)
	}
	return l.tm.FinalModel(l.t).(*Model)
}

// pairs are the final rows with this method (and tool).
func pairsOf(m *Model, title string) []string {
	var out []string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); pairTitle(p) == title {
			out = append(out, string(p.State))
		}
	}
	return out
}

// A streamable session with the demo's /mcp: detection finds it, the GET
// stream opens, tools/list and a typed tools/call work, and every event
// names the response stream it came on.
func TestLiveStreamableAgainstDemo(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("Detect")
	l.waitFor("GET          open")
	l.listTools()
	l.callOK("convert value=21.5 from=c to=f precision=1")
	l.waitFor("resp ")
	m := l.quit()
	neg := m.com.log.Negotiation()
	if neg.Transport != mcp.TransportStreamable || neg.GetStream != "open" {
		t.Errorf("negotiation transport %q, GET stream %q; want streamable with the GET stream open", neg.Transport, neg.GetStream)
	}
	if got := pairsOf(m, "tools/call convert"); len(got) != 1 || got[0] != "ok" {
		t.Errorf("tools/call convert rows %v, want one ok", got)
	}
	p := lastPair(m, func(p *history.Pair) bool { return p.Tool == "convert" })
	if p == nil {
		t.Fatalf("no tools/call convert row")
	}
	if p.Post == nil || p.Post.HTTP.Purpose != mcp.PurposePost || p.PostLatency <= 0 || p.Latency < p.PostLatency {
		t.Errorf("convert's POST %v took %s to its headers and %s to the answer; want the POST's own time, no more than the answer's", p.Post, p.PostLatency, p.Latency)
	}
	if !strings.Contains(string(p.Request.RPC.Raw), `"value":21.5`) {
		t.Errorf("value went as %s, want the number 21.5 from the schema", p.Request.RPC.Raw)
	}
}

// A server's ping on a response stream is answered by the session and
// shows as a server request of its own, answered.
func TestLiveServerPingAnswered(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/list" {
			if _, err := x.ServerRequest(x.Context(), "ping", nil); err != nil {
				x.Error(-32603, "the client did not answer the ping: "+err.Error())
				return
			}
		}
		x.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.listTools()
	l.waitFor("↩ answered")
	m := l.quit()
	ping := lastPair(m, func(p *history.Pair) bool { return p.Kind == history.KindServerRequest && p.Method == "ping" })
	if ping == nil || ping.State != history.StateAnswered || ping.Reply == nil {
		t.Fatalf("ping row %+v, want the server's ping answered", ping)
	}
	if ping.Request.RPC.Stream != mcp.StreamResponse {
		t.Errorf("the ping came on %q, want the response stream of tools/list", ping.Request.RPC.Stream)
	}
}

// A stateless session with the demo's /stateless: discover and the listen
// stream show, the confirm tool's form is answered at the prompt, and its
// two rounds show as one chain.
func TestLiveStatelessConfirmAnswered(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL()})
	l.waitFor("● discovered")
	l.waitFor("● listening")
	l.waitFor("2026-07-28 ✓")
	l.call("confirm action=deploy")
	l.waitFor("asks: elicitation/create (confirm)")
	l.typeTab("name=Ann confirm=true environment=st") // completes staging
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitOK("tools/call confirm")
	l.waitFor("↳ round 2 · tools/call confirm")
	m := l.quit()
	if got := pairsOf(m, "tools/call confirm"); len(got) != 2 || got[0] != string(history.StateInput) || got[1] != string(history.StateOK) {
		t.Errorf("confirm rows %v, want input then ok", got)
	}
	second := lastPair(m, func(p *history.Pair) bool { return p.Tool == "confirm" && p.Round == 2 })
	if second == nil || !strings.Contains(string(second.Request.RPC.Raw), `"environment":"staging"`) || !strings.Contains(string(second.Request.RPC.Raw), `"confirm":true`) {
		t.Errorf("the second round %v does not carry the typed answer", second)
	}
	if lp := m.com.log.ListenPair(); lp == nil {
		t.Error("no listen stream was opened")
	}
}

// The cancel key stops the demo's slow tool while it runs: the row says
// cancelled and the server is told.
func TestLiveCancelSlow(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.call("slow seconds=20 steps=20")
	l.waitFor("step 1 of 20")
	l.tm.Type("x")
	l.waitFor("✗ cancelled")
	l.waitFor("tools/call slow: cancelled")
	m := l.quit()
	told := false
	for i := 0; i < m.com.log.PairCount(); i++ {
		told = told || m.com.log.Pair(i).Method == "notifications/cancelled"
	}
	if got := pairsOf(m, "tools/call slow"); len(got) != 1 || got[0] != string(history.StateCancelled) || !told {
		t.Errorf("slow rows %v, notifications/cancelled sent %v; want cancelled and the server told", got, told)
	}
}

// A sampling request is answered with typed text. Its box says what
// bounds the reply (maxTokens, the model preferences, the system prompt)
// before the messages.
func TestLiveSamplingAnswered(t *testing.T) {
	l := liveSampling(t)
	l.waitFor("max tokens 200 · model hints claude, speed priority 0.8 · system prompt “You answer for the mcpscope demo gateway. Be brief.” · reply to user: Name a")
	l.typeLine("streamable HTTP")
	l.waitOK("tools/call sample")
	l.waitRowState("tools/call sample", "✓ ok") // after the reply's records
	m := l.quit()
	reply := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "sampling/createMessage"
	})
	if reply == nil || reply.Reply == nil || !strings.Contains(string(reply.Reply.RPC.Raw), "streamable HTTP") {
		t.Errorf("sampling row %+v, want it answered with the typed text", reply)
	}
}

// A question nobody answers is withdrawn when the session stops waiting,
// and the status bar says so.
func TestLiveUnansweredQuestionTimesOut(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// The question's wait is the request timeout, which bounds the call's
	// exchange and the listen stream's acknowledgement too: at 700ms a
	// loaded machine under -race ran past it before the prompt was drawn.
	l := startLive(t, mcp.Config{URL: gw.StatelessURL(), RequestTimeout: 3 * time.Second})
	l.waitFor("● discovered")
	l.call("confirm action=deploy")
	l.waitFor("asks: elicitation/create")
	l.mark()
	// The prompt gives way to the command line again, and the status says
	// why: the question went unanswered, or (when the call's own failure
	// came in the same frame) the call needed input nobody gave.
	l.waitFor(": command line")
	m := l.quit()
	if m.ask.open() {
		t.Error("the prompt is still open after the session stopped waiting")
	}
	said := l.seen.String()[l.from:]
	if !strings.Contains(said, "nobody answered confirm (elicitation/create) in time") && !strings.Contains(said, "needs input that was not given") {
		t.Error("nothing said why the question went away")
	}
}

// i on a stateless session sends server/discover and says so.
func TestLiveDiscoverKey(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL()})
	l.waitFor("● discovered")
	l.mark()
	l.tm.Type("i")
	l.waitOK("server/discover")
	m := l.quit()
	if got := pairsOf(m, "server/discover"); len(got) != 2 {
		t.Errorf("server/discover rows %v, want the one on connect and the one i sent", got)
	}
	if d := m.keys.Initialize.Help().Desc; d != "send server/discover" {
		t.Errorf("the i key's help says %q, want server/discover", d)
	}
}

// A streamable session the server forgot says so, in words ("● session
// expired", where the bar showed the record's name, session-expired), and
// i starts a new one.
func TestLiveSessionExpiry(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{ExpireAfter: 2})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("● initialized")
	l.tm.Type("l")
	l.tm.Type("l")
	l.waitFor("starts a new one (press i)")
	l.waitFor("● session expired")
	if bytes.Contains(l.seen.Bytes(), []byte("session-expired")) {
		t.Errorf("the screen showed the record's name session-expired, not words:\n%s", l.seen.Bytes())
	}
	l.mark()
	l.tm.Type("i")
	l.waitFor("initialize: ok")
	l.waitFor("● initialized") // the new session's state, from its records
	m := l.quit()
	neg := m.com.log.Negotiation()
	sessions := srv.Sessions()
	if len(sessions) != 2 || neg.SessionID != sessions[1].ID || neg.State != mcp.StateInitialized {
		t.Errorf("after i the session is %q in state %q (the server made %d); want the second one, initialized", neg.SessionID, neg.State, len(sessions))
	}
}

// A call typed on a legacy session before initialize is not sent (the
// server would refuse it: the Go SDK says "method is invalid during
// session initialization"); the status line says what to do about it, and
// stops saying so once the session is initialized.
func TestLiveRequestBeforeInitializeSaysPressI(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.call("greet name=Ann")
	l.waitFor("not initialized yet: press i first")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	l.callOK("greet name=Ann")
	m := l.quit()
	if strings.Contains(l.seen.String()[l.from:], "not initialized yet") {
		t.Error("the hint to initialize stayed after initialize")
	}
	// The first Enter sent nothing; the listing for greet's types and the
	// call itself went only once initialized.
	if got := pairsOf(m, "tools/call greet"); len(got) != 1 || got[0] != string(history.StateOK) {
		t.Errorf("greet rows %v; want one, ok", got)
	}
	if got := pairsOf(m, "tools/list"); len(got) != 1 || got[0] != string(history.StateOK) {
		t.Errorf("tools/list rows %v; want one, ok, sent once initialized", got)
	}
}

// On a small terminal, where one pane shows at a time and the status line
// is cut at 80 columns, a connection that fails brings the Negotiation
// pane forward: what failed and what to do about it.
func TestLiveFailedConnectionShowsNegotiationOnASmallTerminal(t *testing.T) {
	url := "http://" + mcptest.ClosedAddr(t) + "/mcp"
	s := mcp.NewSession(mcp.Config{URL: url, EndpointTimeout: 5 * time.Second})
	t.Cleanup(func() { s.Close() })
	m := New(Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: url})
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("Negotiation · failed")
	l.waitFor("nothing answered at")
	l.quit()
}
