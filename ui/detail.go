package ui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// detailLimit is how much of a message the detail pane renders; the rest
// is counted, not drawn, so a 20 MB answer costs a 1 MiB render once.
const detailLimit = 1 << 20

// detailPane shows the selected pair (request, answer, POST, failure) or
// raw event as pretty JSON or exact bytes, and scrolls it.
type detailPane struct {
	c      *common
	scroll scroller
	w, h   int
	pretty bool

	pair  *history.Pair
	event *mcp.Record
	log   *history.Log // the log the selection belongs to

	// Rendered lines, kept until the selection, its answer or the width
	// changes, so scrolling re-renders nothing.
	cache    []string
	cacheKey detailKey
	// respLine is where the Response section starts in cache (-1: none);
	// toResponse scrolls there once the answer is drawn.
	respLine   int
	toResponse bool
}

// detailKey is what the rendered lines depend on.
type detailKey struct {
	pair                    *history.Pair
	event                   *mcp.Record
	state                   history.PairState
	resp, fail, reply, post *mcp.Record
	relay                   *mcp.Record
	width                   int
	pretty                  bool
}

func newDetailPane(c *common) *detailPane { return &detailPane{c: c, pretty: true} }

// SetSize sets the outer size.
func (d *detailPane) SetSize(w, h int) {
	d.w, d.h = w, h
	d.scroll.height = max(h-2, 1)
}

// showPair selects a pair and scrolls to its top.
func (d *detailPane) showPair(p *history.Pair) {
	if p == nil {
		return
	}
	d.pair, d.event, d.log = p, nil, d.c.log
	d.scroll.offset = 0
	d.toResponse = false
}

// showAnswer selects a pair scrolled to its response: after sending, the
// answer is what the user wants to read.
func (d *detailPane) showAnswer(p *history.Pair) {
	d.showPair(p)
	d.toResponse = p != nil
}

// showEvent selects a raw event and scrolls to its top.
func (d *detailPane) showEvent(r *mcp.Record) {
	if r == nil {
		return
	}
	d.pair, d.event, d.log = nil, r, d.c.log
	d.scroll.offset = 0
	d.toResponse = false
}

// Update handles the keys of a focused detail pane; pretty/raw and copy
// are global so they work while a list has focus.
func (d *detailPane) Update(msg tea.Msg) tea.Cmd {
	n := len(d.lines())
	switch msg := msg.(type) {
	case tea.KeyMsg:
		d.scroll.handleKey(d.c.keys, msg, n)
	case tea.MouseMsg:
		d.scroll.wheel(msg, n)
	}
	return nil
}

// toggleRaw switches between pretty JSON and the exact bytes.
func (d *detailPane) toggleRaw() { d.pretty = !d.pretty }

// selection reports what is shown, after dropping a selection that
// belongs to a log the replay has since replaced.
func (d *detailPane) selection() (*history.Pair, *mcp.Record) {
	if d.log != d.c.log {
		d.pair, d.event, d.log = nil, nil, d.c.log
	}
	return d.pair, d.event
}

// copyText is what y puts on the clipboard: the answer's JSON (or the
// request's while there is none), or the event's data; and what it is.
func (d *detailPane) copyText() (string, string) {
	p, ev := d.selection()
	switch {
	case p != nil && p.Response != nil && p.Response.RPC != nil:
		return string(p.Response.RPC.Raw), "response JSON"
	case p != nil && p.Request != nil && p.Request.RPC != nil:
		return string(p.Request.RPC.Raw), "request JSON"
	case p != nil && p.Reply != nil && p.Reply.RPC != nil:
		return string(p.Reply.RPC.Raw), "reply JSON"
	case ev != nil && ev.Event != nil && !d.pretty:
		return string(ev.Event.Raw), "raw event"
	case ev != nil && ev.Event != nil:
		return string(ev.Event.Data), "event data"
	}
	return "", ""
}

func (d *detailPane) view(focused bool) []string {
	lines := d.lines()
	d.scroll.clamp(len(lines))
	end := min(d.scroll.offset+d.scroll.height, len(lines))
	title := "Detail"
	if !d.pretty {
		title += " · raw bytes"
	}
	if len(lines) > d.scroll.height {
		title += fmt.Sprintf(" · %d/%d", d.scroll.offset+1, len(lines))
	}
	return d.c.frame(title, lines[d.scroll.offset:end], d.w, d.h, focused)
}

func (d *detailPane) lines() []string {
	p, ev := d.selection()
	k := detailKey{pair: p, event: ev, width: d.w, pretty: d.pretty}
	if p != nil {
		k.state, k.resp, k.fail, k.reply, k.post, k.relay = p.State, p.Response, p.Failure, p.Reply, p.Post, p.Relay
	}
	if d.cache == nil || k != d.cacheKey {
		w := max(d.w-2, 1)
		d.respLine = -1
		switch {
		case p != nil:
			d.cache = d.pairLines(p, w)
		case ev != nil:
			d.cache = d.eventLines(ev, w)
		default:
			d.cache = d.emptyLines(w)
		}
		d.cacheKey = k
	}
	if d.toResponse && d.respLine >= 0 {
		d.scroll.offset, d.toResponse = d.respLine, false
	}
	return d.cache
}

// emptyLines say how to fill the pane, and show the standing note (such
// as how to leave the demo for a real gateway) where there is room for it.
func (d *detailPane) emptyLines(w int) []string {
	out := []string{d.c.st.Hint.Render("select a pair or an event and press enter")}
	if d.c.note != "" {
		out = append(out, "")
		for _, l := range strings.Split(ansi.Wrap(SanitizeLine(d.c.note), w, ""), "\n") {
			out = append(out, d.c.st.Info.Render(l))
		}
	}
	return out
}

// section is a ruled heading: "── Response ── 345 B".
func (d *detailPane) section(title, note string, w int) string {
	head := "── " + title + " "
	if note != "" {
		head += "── " + note + " "
	}
	return d.c.st.Header.Render(cell(head+strings.Repeat("─", max(w-len([]rune(head)), 0)), w))
}

func (d *detailPane) message(out []string, title string, r *mcp.Record, w int) []string {
	if r == nil || r.RPC == nil {
		return out
	}
	raw := r.RPC.Raw
	out = append(out, "", d.section(title, history.FormatSize(int64(len(raw)))+" at "+r.Time.Format("15:04:05.000"), w))
	return append(out, JSONLines([]byte(raw), d.c.st, d.pretty, w, detailLimit)...)
}

func (d *detailPane) pairLines(p *history.Pair, w int) []string {
	st := d.c.st
	title := pairKindLabel(p.Kind) + " " + wireLine(p.Method, 200)
	if p.Tool != "" {
		title += " " + wireLine(p.Tool, 200)
	}
	if p.ID != "" {
		title += " · id " + wireLine(p.ID, 64)
	}
	state, stateStyle := d.c.pairState(p)
	out := []string{st.Row.Render(title) + st.Row.Render(" · ") + stateStyle.Render(state)}
	var timing []string
	if p.Post != nil && p.Post.HTTP != nil {
		timing = append(timing, "POST "+statusText(p.Post.HTTP.Status, p.Post.HTTP.Err)+" in "+dur(p.PostLatency))
	}
	if p.Relay != nil && p.Relay.HTTP != nil {
		// A proxied client's request: upstream's time is the POST's, and
		// this is what relaying it cost on top.
		timing = append(timing, "proxy added "+dur(p.ProxyAdded))
	}
	if p.Latency > 0 {
		timing = append(timing, "answered after "+dur(p.Latency))
	}
	if len(timing) > 0 {
		out = append(out, st.Dim.Render(strings.Join(timing, " · ")))
	}
	if f := p.Failure; f != nil && f.Error != nil {
		out = append(out, "", d.section("Failure", wireLine(f.Error.Op, 32), w))
		out = append(out, JSONLines([]byte(f.Error.Message), st, false, w, detailLimit)...)
		if hint := advice.ForInfo(f.Error, advice.TUI); hint != "" {
			out = append(out, st.Hint.Render("→ "+wireLine(hint, 1024)))
		}
	}
	out = d.message(out, "Request", p.Request, w)
	if p.Response != nil {
		d.respLine = len(out) + 1
	}
	out = d.message(out, "Response", p.Response, w)
	out = d.message(out, "Our reply", p.Reply, w)
	if p.Post != nil && p.Post.HTTP != nil {
		out = d.postLines(out, p.Post.HTTP, w)
	}
	return out
}

// postLines shows the POST's answer when it says more than "202 Accepted":
// an error status, or a body worth reading.
func (d *detailPane) postLines(out []string, h *mcp.HTTPExchange, w int) []string {
	body := strings.TrimSpace(string(h.Body))
	if h.Status >= 200 && h.Status < 300 && (body == "" || strings.EqualFold(body, "accepted")) {
		return out
	}
	out = append(out, "", d.section("POST answer", statusText(h.Status, h.Err), w))
	out = append(out, d.c.st.Dim.Render(wireLine(h.URL, 2048)))
	if ct := header(h.Headers, "Content-Type"); ct != "" {
		out = append(out, d.c.st.Dim.Render("Content-Type: "+ct))
	}
	if wa := header(h.Headers, "WWW-Authenticate"); wa != "" {
		out = append(out, d.c.st.Dim.Render("WWW-Authenticate: "+wa))
	}
	if len(h.Body) > 0 {
		out = append(out, JSONLines([]byte(h.Body), d.c.st, d.pretty, w, detailLimit)...)
	}
	return out
}

func (d *detailPane) eventLines(r *mcp.Record, w int) []string {
	st := d.c.st
	ev := r.Event
	name := wireLine(ev.Name, 64)
	if name == "" {
		name = "(unnamed)"
	}
	head := "event " + name
	if ev.HasID {
		head += " · id " + wireLine(ev.ID, 64)
	}
	head += " · " + history.FormatSize(int64(len(ev.Raw))) + " · " + sinceConnect(r.Time.Sub(d.c.log.ConnectedAt())) +
		fmt.Sprintf(" · stream %d", ev.Conn)
	out := []string{st.Row.Render(head)}
	// A block can hold millions of comment lines; show enough to see what
	// they are, like the byte limit on data.
	const maxComments = 100
	for i, c := range ev.Comments {
		if i == maxComments {
			out = append(out, st.Dim.Render(fmt.Sprintf("… %d more comment lines", len(ev.Comments)-maxComments)))
			break
		}
		out = append(out, st.Dim.Render(": "+wireLine(c, 1024)))
	}
	if !d.pretty {
		out = append(out, "", d.section("Raw bytes", "as received", w))
		return append(out, JSONLines([]byte(ev.Raw), st, false, w, detailLimit)...)
	}
	out = append(out, "", d.section("Data", "", w))
	if ev.Data == "" {
		return append(out, st.Hint.Render("(no data)"))
	}
	return append(out, JSONLines([]byte(ev.Data), st, true, w, detailLimit)...)
}
