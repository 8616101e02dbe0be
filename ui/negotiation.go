package ui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// maxProblemsShown keeps the problem list from pushing the facts off a
// short pane; the newest are the ones that matter now.
const maxProblemsShown = 4

// labelW is the width of the fact labels.
const labelW = 13

// negotiationPane shows how the connection came to be: the GET, the
// endpoint event and what it resolved to, the POST target, the server's
// answer to initialize, and the problems found on the way with advice.
type negotiationPane struct {
	c      *common
	scroll scroller
	w, h   int
	// detect is set when no --transport was given: until detection ends
	// there is no stream to wait for, only probes.
	detect bool

	// The lines are rebuilt only when records arrived or the width changed.
	cache    []string
	cacheLen int
	cacheW   int
	cacheLog *history.Log
	cacheGen int // the roots' generation
	// cacheDone is the replay's end as the lines were built: at its end
	// a detection cut short reads as the recording's, not as going on,
	// with no new record to rebuild them.
	cacheDone bool

	// elsewhere is advice the status line shows now (why connecting
	// failed, and what to do): the problem it advises on leaves it out,
	// so it is read once, until the status line moves on.
	elsewhere string
}

// SetAdviceElsewhere names the advice the status line shows now ("" for
// none), which the problems leave out.
func (n *negotiationPane) SetAdviceElsewhere(hint string) {
	if hint != n.elsewhere {
		n.elsewhere, n.cache = hint, nil
	}
}

func newNegotiationPane(c *common, transport string) *negotiationPane {
	return &negotiationPane{c: c, detect: transport == mcp.TransportAuto}
}

// SetSize sets the outer size.
func (n *negotiationPane) SetSize(w, h int) {
	n.w, n.h = w, h
	n.scroll.height = max(h-2, 1)
}

// Update scrolls a focused negotiation pane.
func (n *negotiationPane) Update(msg tea.Msg) tea.Cmd {
	lines := len(n.lines())
	switch msg := msg.(type) {
	case tea.KeyMsg:
		n.scroll.handleKey(n.c.keys, msg, lines)
	case tea.MouseMsg:
		n.scroll.wheel(msg, lines)
	}
	return nil
}

// overflows reports whether the pane's lines run past its height, so
// scrolling it shows more.
func (n *negotiationPane) overflows() bool { return len(n.lines()) > n.scroll.height }

// view draws the pane.
func (n *negotiationPane) view(focused bool) []string {
	lines := n.lines() // a cache of what the log says: drawing it changes nothing
	start, end := n.scroll.visible(len(lines))
	title := "Negotiation"
	if s := sessionState(n.c.log); s != "" {
		if (s == mcp.StateClosed || s == mcp.StateFailed) && n.c.detecting() {
			// A probe's stream closed, or r started detection again after
			// it failed: detection goes on, as the status bar says.
			s = mcp.StateConnecting
		}
		title += " · " + wireLine(stateWords(s), 32)
	}
	title += n.scroll.position(start, len(lines))
	return n.c.frame(title, lines[start:end], n.w, n.h, focused)
}

func (n *negotiationPane) lines() []string {
	log := n.c.log
	if n.cacheLog == log && n.cacheLen == log.Len() && n.cacheW == n.w && n.cacheGen == n.c.rootsGen && n.cacheDone == n.c.replayDone && n.cache != nil {
		return n.cache
	}
	n.cache = n.build(log.Negotiation(), max(n.w-2, 1))
	n.cacheLog, n.cacheLen, n.cacheW, n.cacheGen, n.cacheDone = log, log.Len(), n.w, n.c.rootsGen, n.c.replayDone
	return n.cache
}

// facts accumulates the pane's lines at a width.
type facts struct {
	c     *common
	w     int
	lines []string
}

// kv adds a labelled value, wrapping a long value under itself so URLs are
// shown whole. value must be sanitized; style colours it.
func (f *facts) kv(label, value string, style lipgloss.Style) {
	room := f.w - labelW
	if room < 8 {
		f.lines = append(f.lines, f.c.st.Dim.Render(label)+" "+style.Render(value))
		return
	}
	f.rows(label, wrapWords(value, room), style)
}

// rows adds a label and the rows of its value, wrapped already, under it.
func (f *facts) rows(label string, parts []string, style lipgloss.Style) {
	for i, p := range parts {
		l := strings.Repeat(" ", labelW)
		if i == 0 {
			l = cell(label, labelW)
		}
		f.lines = append(f.lines, f.c.st.Dim.Render(l)+style.Render(p))
	}
}

// text adds a line of its own, wrapped at the pane's width.
func (f *facts) text(s string, style lipgloss.Style, indent int) {
	// The indent is painted as fit pads: left unstyled, it showed the
	// terminal's own background beside the advice under a light theme.
	pad := ""
	if indent > 0 {
		pad = f.c.pad.apply(blanks(indent))
	}
	for _, p := range wrapWords(s, max(f.w-indent, 1)) {
		f.lines = append(f.lines, pad+style.Render(p))
	}
}

func (n *negotiationPane) build(neg *history.Negotiation, w int) []string {
	st := n.c.st
	f := &facts{c: n.c, w: w}
	if n.c.proxied() && n.c.log.Len() == 0 {
		f.text("waiting for a client to connect to the proxy", st.Hint, 0)
		return f.lines
	}
	n.problems(f, neg.Problems, neg.Detect)
	// When nothing worked, how detection went is the whole story; else
	// the facts of the session in use come first and detection after.
	if d := neg.Detect; d != nil && d.Transport == "" {
		if n.c.detecting() {
			// r started detection again: read alone, the last try's
			// "no transport worked" said the new one had failed too.
			f.text("finding the transport again: what each probe answers shows here when detection ends; the last try found none:", st.Hint, 0)
		} else if detectionGoesOn(n.c.log.Stats()) {
			f.text("the recording ends while detection ran again; the last try found none:", st.Hint, 0)
		}
		n.detection(f, d, neg.Problems, saidAbove(neg.Problems, d.Reason))
		return f.lines
	}
	if cl := neg.Client; cl != nil {
		// A proxied session: how the client came in, before what upstream
		// made of it.
		line := wireLine(cl.Method+" "+cl.URL, 2048)
		if p := n.c.log.PairOf(cl.ReqSeq); cl.Status/100 != 2 && cl.ReqSeq != 0 && p != nil && p.Method != "" {
			// What was refused: "POST /mcp → 400" read as the client
			// turned away, where it was a probe (server/discover).
			line += " (" + wireLine(p.Method, 128) + ")"
		}
		line += " → " + statusText(cl.Status, cl.Err, false)
		if ua := header(cl.RequestHeaders, "User-Agent"); ua != "" {
			// Named: "→ 200 · node" left a teammate asking what node was.
			line += " · User-Agent " + ua
		}
		if who := neg.ClientLabel(); who != "" {
			// Who the client says it is: in a replay nothing else
			// names it (the clients bar is the live proxy's).
			line = wireLine(who, 256) + " · " + line
		}
		f.kv("Client", line, st.Row)
	}
	for _, r := range neg.Redirects {
		f.kv("Redirect", fmt.Sprintf("%d %s → %s", r.Status, wireLine(r.From, 1024), wireLine(r.To, 1024)), st.Warning)
	}
	for _, h := range neg.Resent {
		f.kv("Resent", wireLine(h.Method, 32)+" "+wireLine(h.URL, 1024)+" "+h.ResentWords(), st.Warning)
	}
	switch neg.Transport {
	case mcp.TransportStreamable:
		n.streamable(f, neg)
		n.server(f, neg)
		n.roots(f)
		n.instructions(f, neg)
		n.detection(f, neg.Detect, neg.Problems, false)
		return f.lines
	case mcp.TransportStateless:
		n.stateless(f, neg)
		n.roots(f)
		n.instructions(f, neg)
		n.detection(f, neg.Detect, neg.Problems, false)
		return f.lines
	}

	if s := neg.Stream; s != nil {
		f.kv("Stream", wireLine(s.Method+" "+s.URL, 2048), st.Row)
		wait := "first byte " + history.FormatMeasured(neg.FirstByte)
		if s.Status == 0 {
			// No byte came: the time is how long until the GET failed.
			wait = "after " + history.FormatMeasured(neg.FirstByte)
		}
		parts := []string{statusText(s.Status, s.Err, n.c.relayed()), wait}
		if ct := header(s.Headers, "Content-Type"); ct != "" {
			parts = append(parts, ct)
		}
		if cc := header(s.Headers, "Cache-Control"); cc != "" {
			parts = append(parts, "Cache-Control: "+cc)
		}
		f.kv("", strings.Join(parts, " · "), statusStyle(st, s.Status))
	} else {
		stats := n.c.log.Stats()
		url := stats.URL
		switch {
		case url == "" && n.detect && !stats.Detected && !n.c.proxied():
			// Detection POSTs before any stream opens; "waiting for the
			// stream" read as a GET hanging while a probe was.
			f.text("finding the transport: each probe is a row in Pairs as it goes out; what each answered shows here when detection ends", st.Hint, 0)
		case url == "":
			f.text("waiting for the stream to open…", st.Hint, 0)
		default:
			f.kv("Stream", wireLine(url, 2048)+" (connecting…)", st.Hint)
		}
	}

	if ep := neg.Endpoint; ep != nil {
		f.kv("Endpoint", "\""+wireLine(string(ep.Data), 2048)+"\" after "+history.FormatMeasured(ep.Elapsed), st.Row)
		f.kv("  base", wireLine(ep.Base, 2048), st.Dim)
		f.kv("  prefer", wireLine(ep.Preferred, 2048), st.Row)
		// The alternatives in the order they are tried.
		if ep.Prefixed != "" {
			f.kv("  prefix", wireLine(ep.Prefixed, 2048), st.Row)
		}
		switch ep.Fallback {
		case "":
		case ep.Preferred:
			f.kv("  fallback", "the same URL", st.Dim)
		default:
			f.kv("  fallback", wireLine(ep.Fallback, 2048), st.Row)
		}
		session := wireLine(ep.SessionID, 256)
		if session == "" {
			session = "(none in the endpoint)"
		}
		if ep.SessionParam != "" {
			session += " (as " + wireLine(ep.SessionParam, 64) + "=)"
		}
		f.kv("Session", session, st.Row)
		f.kv("POST to", inUseLabel(ep)+": "+wireLine(ep.Reason, 512), st.Row)
	} else if neg.EndpointEvent != nil {
		f.kv("Endpoint", "\""+wireLine(string(neg.EndpointEvent.Data), 2048)+"\" (not resolved)", st.Warning)
	} else if neg.Stream != nil && neg.State == mcp.StateClosed {
		what := "none: the stream closed before an endpoint event"
		if !n.c.replay && !n.c.proxied() && !detectionGoesOn(n.c.log.Stats()) {
			// Only a session of one's own can be retried: a proxied one
			// is its client's, a replay is a recording.
			what += " (press " + f.c.keys.Reconnect.Help().Key + " to retry)"
		}
		f.kv("Endpoint", what, st.Warning)
	} else if neg.Stream != nil {
		f.kv("Endpoint", "waiting for the endpoint event…", st.Hint)
	}
	if neg.SessionID != "" && (neg.Endpoint == nil || neg.Endpoint.SessionID != neg.SessionID) {
		f.kv("Session", wireLine(neg.SessionID, 256), st.Row)
	}
	n.posts(f, neg)

	n.server(f, neg)
	if neg.ServerName == "" && neg.ProtocolVersion == "" && neg.Endpoint != nil {
		how := ""
		if n.c.canInitialize() {
			how = "press " + n.c.keys.Initialize.Help().Key
		}
		f.kv("Server", notReady(notInitialized, how), st.Hint)
	}
	n.roots(f)
	n.instructions(f, neg)
	n.detection(f, neg.Detect, neg.Problems, false)
	return f.lines
}

// server shows what the server said about itself in initialize.
func (n *negotiationPane) server(f *facts, neg *history.Negotiation) {
	st := n.c.st
	if neg.ServerName == "" && neg.ProtocolVersion == "" {
		return
	}
	who := mcp.ServerListed(neg.ServerName, neg.ServerVersion)
	if who == "" {
		who = "(it did not name itself)"
	}
	f.kv("Server", wireLine(who, 256)+" · protocol "+wireLine(neg.ProtocolVersion, 64), st.Success)
	if note := mcp.VersionNote(neg.ProtocolVersion, neg.Transport); note != "" {
		f.kv("", "⚠ "+wireLine(neg.ProtocolVersion, 64)+" is "+note, st.Warning)
	}
	f.kv("Capabilities", capabilities(neg.Capabilities), st.Row)
}

// instructions shows the server's instructions: last before detection,
// since they can be long and the facts above matter more.
func (n *negotiationPane) instructions(f *facts, neg *history.Negotiation) {
	if neg.Instructions == "" {
		return
	}
	// A few lines say what they are about; the answer that carried them
	// (in Pairs) has all of them, so the facts below stay in view.
	// The cut is marked where it is, after the last whole word of the
	// last row kept: a row of its own reading "…" under "Mcp-Param" read
	// as that word cut.
	const maxLines = 4
	text, room := wireLine(neg.Instructions, 1024), f.w-labelW
	parts := wrapWords(text, max(room, 1))
	if room < 8 || len(parts) <= maxLines {
		f.kv("Instructions", text, n.c.st.Dim)
		return
	}
	parts = append(parts[:maxLines-2], cutAtWord(parts[maxLines-2]+" "+parts[maxLines-1]+" ", room))
	f.rows("Instructions", parts, n.c.st.Dim)
	f.kv("", "(all of them are in the answer that carried them, in Pairs)", n.c.st.Hint)
}

// streamable shows a streamable HTTP session: the endpoint, the session
// id and version every request carries, the GET stream, resumed streams
// and how the session ended.
func (n *negotiationPane) streamable(f *facts, neg *history.Negotiation) {
	st := n.c.st
	if url := endpointURL(n.c.log, neg); url != "" {
		f.kv("Endpoint", wireLine(url, 2048), st.Row)
	}
	switch {
	case neg.State == mcp.StateExpired:
		gone := ""
		if neg.SessionID != "" {
			gone = " (" + wireLine(neg.SessionID, 256) + ")"
		}
		what := "expired" + gone + ": the next initialize starts a new one"
		if n.c.canInitialize() {
			what += " (press " + n.c.keys.Initialize.Help().Key + ")"
		}
		f.kv("Session", what, st.Warning)
	case neg.SessionID != "":
		f.kv("Session", wireLine(neg.SessionID, 256)+" (Mcp-Session-Id)", st.Row)
	case neg.ProtocolVersion != "":
		f.kv("Session", "none: the server named no Mcp-Session-Id", st.Dim)
	}
	if neg.GetStream != "" {
		style := st.Row
		if strings.Contains(neg.GetStream, "405") {
			style = st.Dim
		}
		f.kv("GET", wireLine(neg.GetStream, 512), style)
	}
	for _, r := range neg.Resumes {
		f.kv("Resume", wireLine(r, 512), st.Warning)
	}
	n.posts(f, neg)
	if neg.Ended != "" {
		f.kv("Ended", wireLine(neg.Ended, 512), st.Dim)
	}
}

// problems lists the newest problems first, each with what to do.
func (n *negotiationPane) problems(f *facts, ps []history.Problem, d *mcp.Detection) {
	st := n.c.st
	if len(ps) > maxProblemsShown {
		f.text(fmt.Sprintf("%d earlier problems not shown", len(ps)-maxProblemsShown), st.Dim, 0)
		ps = ps[len(ps)-maxProblemsShown:]
	}
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		mark, style := "ℹ ", st.Info
		switch p.Level {
		case history.LevelError:
			mark, style = "✗ ", st.Error
		case history.LevelWarning:
			mark, style = "⚠ ", st.Warning
		}
		msg := p.Message
		if named, _, _ := alikeAttempts(d); named != "" && msg == d.Reason {
			// Probes alike said once: the three of a server that never
			// answers took three rows of 80 columns, each naming the
			// URL, over the probe lines that name it.
			msg = "no transport worked: " + named
		}
		f.text(mark+wireLine(msg, 1024), style, 0)
		if hint := p.Advice(n.c.audience()); hint != "" && hint != n.elsewhere {
			f.text("→ "+wireLine(hint, 1024), st.Hint, 2)
		}
	}
}
