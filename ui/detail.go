package ui

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// detailPane shows the selected pair (request, answer, POST, failure) or
// raw event as pretty JSON or exact bytes, and scrolls it. Small messages
// are formatted when drawn; large ones in a command, the pane showing
// "formatting…" meanwhile, so a 60 MB answer never holds up the keys.
type detailPane struct {
	c      *common
	scroll scroller
	w, h   int
	pretty bool
	// noteInPairs says the Pairs pane beside shows the standing note (a
	// proxy awaiting its first client): the empty Detail leaves it out,
	// where at 100 columns both said it.
	noteInPairs bool

	pair  *history.Pair
	event *mcp.Record
	// eventRow is event's row of the Log's events pane, whose run (a row
	// can stand for a run of keep-alives) Detail describes.
	eventRow int
	log      *history.Log // the log the selection belongs to

	// Rendered lines, kept until the selection, its answer or the width
	// changes, so scrolling re-renders nothing. ready is false while they
	// are a placeholder for lines being formatted in a command.
	cache    []string
	cacheKey detailKey
	ready    bool
	// cont are the lines of cache that continue the one above, wrapped at
	// the width (ascending).
	cont []int
	// inPart is set when cache leaves out part of what it shows.
	inPart bool
	// formatting is the key of the newest command formatting lines, if any.
	formatting    bool
	formattingKey detailKey
	// respLine is where the Response section starts in cache (-1: none);
	// toResponse scrolls there once the answer is drawn.
	respLine   int
	toResponse bool
	// headRows are the rows of cache above its first section
	// (detailInput.headRows).
	headRows int
	// keep is where the reader was when the size or the form (pretty or
	// raw) changed, put back once the lines are made again.
	keep keptPlace
	// search finds text in the lines (see detailSearch).
	search detailSearch
	// declined is declinedDuring's answer for the pair it was asked of.
	declined declinedMemo
	// listRefused is listRefusedBefore's answer for the pair it was
	// asked of.
	listRefused listRefusedMemo
	// unfinished offers the bytes of the event a waiting request's answer
	// stream stopped inside (offeredBy), nil where no session offers them.
	unfinished func(reqSeq int64) string
}

// keptPlace is a place in the lines that survives making them again: the
// end; at another width, the line on top as the text has it (textPlace);
// in another form (pretty or raw, whose lines do not match), the Response
// section or a share of the way down.
type keptPlace struct {
	set, atEnd, atResponse bool
	share                  float64
	text                   textPlace
	byText                 bool
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
	// A pending row's progress and a stream's resumes change its lines
	// without changing its state.
	progress float64
	notes    int
	resumes  int
	// A listen stream's acknowledgement changes "being opened" to open,
	// and nothing else the key holds.
	streamOpen bool
	// A live call's outputSchema note may come after its answer (its
	// sender reads it, history.Log.NoteOutput).
	output string
	// A run of keep-alives grows while it is shown (its bytes with it).
	runN int
	// The standing note goes when Pairs beside shows it, and comes back.
	noteInPairs bool
	// A waiting request's unfinished answer grows while it is shown (the
	// session's bytes, not a copy: compared, same bytes are same memory).
	unfinished string
}

func newDetailPane(c *common) *detailPane {
	return &detailPane{c: c, pretty: true, search: newDetailSearch(c)}
}

// SetSize sets the outer size. The reader keeps their place: the lines
// are wrapped again at a new width, so a line number would land somewhere
// else (the end of a long answer in the middle of it).
func (d *detailPane) SetSize(w, h int) {
	if w != d.w || h != d.h {
		d.keepPlace(false)
	}
	d.w, d.h = w, h
	d.scroll.height = max(h-2, 1)
	// The search input may be open: it takes the pane's width, not the
	// one it was opened at (cut at the border in a narrower terminal).
	d.search.input.Width = max(w-6, 1)
}

// keepPlace notes where the reader is before the lines are made again. At
// another width (bySection false) the line on the top row stays on top,
// wrapped again: the Response's header where a sent request's answer
// opens, or a line in the middle of the JSON (kept as a share of the way
// down, it slid by a few lines as what was above it wrapped differently).
// bySection keeps the Response section, or else the share of the way down,
// for lines of another form. The first note of a run (resizes while a
// large answer is formatted) is where the reader was.
func (d *detailPane) keepPlace(bySection bool) {
	if !d.ready || len(d.cache) == 0 || d.keep.set {
		return
	}
	// A match on screen is what is being read, in the other form (v) as
	// at another width: raw bytes opened at the Response's top, far from it.
	if s := &d.search; s.key == d.cacheKey && s.at >= 0 && s.at < len(s.hits) &&
		s.hits[s.at] >= d.scroll.offset && s.hits[s.at] < d.scroll.offset+d.scroll.height {
		// followSearch brings it back into view.
		s.resume = s.at
	}
	n := len(d.cache)
	onHeader := d.respLine >= 0 && d.scroll.offset == d.respLine
	d.keep = keptPlace{set: true, atEnd: !onHeader && d.scroll.offset > 0 && d.scroll.offset+d.scroll.height >= n,
		atResponse: bySection && d.respLine >= 0 && d.scroll.offset >= d.respLine, share: float64(d.scroll.offset) / float64(n)}
	if !bySection {
		start, _ := d.scroll.visible(n)
		d.keep.text, d.keep.byText = placeOf(d.cache, d.cont, start), true
	}
}

// restorePlace scrolls back to the kept place once the lines are those of
// the current selection, width and form (not a placeholder).
func (d *detailPane) restorePlace() {
	if !d.keep.set || !d.ready || d.cacheKey != d.key() {
		return
	}
	n := len(d.cache)
	switch {
	case d.keep.atEnd:
		d.scroll.offset = n - d.scroll.height
	case d.keep.byText:
		d.scroll.offset = d.keep.text.row(d.cache, d.cont)
	case d.keep.atResponse && d.respLine >= 0:
		// Pretty and raw lines do not match row for row; the section
		// being read does.
		d.scroll.offset = d.respLine
	default:
		d.scroll.offset = int(d.keep.share * float64(n))
	}
	d.keep = keptPlace{}
}

// showPair selects a pair and scrolls to its top.
func (d *detailPane) showPair(p *history.Pair) {
	if p == nil {
		return
	}
	d.pair, d.event, d.log = p, nil, d.c.log
	d.scroll.offset = 0
	d.toResponse, d.keep = false, keptPlace{}
}

// showAnswer selects a pair scrolled to its response: after sending, the
// answer is what the user wants to read. A reader who scrolled the
// request's lines while it waited keeps their place: the jump took it from
// them, and the heading's state and the status line say the answer came.
func (d *detailPane) showAnswer(p *history.Pair) {
	if p != nil && d.scroll.offset > 0 && d.showing(p) {
		d.pair = p
		return
	}
	d.showPair(p)
	d.toResponse = p != nil
}

// showing reports whether the pane shows the row of p.
func (d *detailPane) showing(p *history.Pair) bool {
	shown, ev := d.selection()
	return ev == nil && shown != nil && shown.Request != nil && p.Request != nil && shown.Request.Seq == p.Request.Seq
}

// showEvent selects a raw event, on row of the Log's events pane, and
// scrolls to its top.
func (d *detailPane) showEvent(r *mcp.Record, row int) {
	if r == nil {
		return
	}
	d.pair, d.event, d.eventRow, d.log = nil, r, row, d.c.log
	d.scroll.offset = 0
	d.toResponse, d.keep = false, keptPlace{}
}

// empty reports whether nothing is selected: the pane shows only how to
// select something.
func (d *detailPane) empty() bool {
	p, ev := d.selection()
	return p == nil && ev == nil
}

// Update handles the keys of a focused detail pane; pretty/raw and copy
// are global so they work while a list has focus.
func (d *detailPane) Update(msg tea.Msg) tea.Cmd {
	n := len(d.lines())
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if d.matchKey(msg) {
			return nil
		}
		d.scroll.handleKey(d.c.keys, msg, n)
	case tea.MouseMsg:
		d.scroll.wheel(msg, n)
	}
	return nil
}

// toggleRaw switches between pretty JSON and the exact bytes, keeping the
// reader's place.
func (d *detailPane) toggleRaw() {
	d.keepPlace(true)
	d.pretty = !d.pretty
}

// selection reports what is shown, after dropping a selection that
// belongs to a log the replay has since replaced.
func (d *detailPane) selection() (*history.Pair, *mcp.Record) {
	if d.log != d.c.log {
		d.pair, d.event, d.log = nil, nil, d.c.log
	}
	return d.pair, d.event
}

func (d *detailPane) view(focused bool) []string {
	// The lines refresh made at the end of Update: View changes nothing,
	// and lines() formats, caches and moves the place to keep.
	lines := d.cache
	start, end := d.scroll.visible(len(lines))
	title := "Detail"
	if !d.pretty {
		title += " · raw bytes"
	}
	title += d.scroll.position(start, len(lines)) + d.searchNote()
	shown := d.spinning(d.highlight(lines[start:end]), start)
	if d.searching() {
		// The search input takes the last row, as the filter's does in
		// Raw events.
		rows := max(d.scroll.height-1, 0)
		keep := min(len(shown), rows)
		shown = append(shown[:keep:keep], make([]string, rows-keep)...) // a copy: the cache stays as it is
		shown = append(shown, d.c.painted(d.search.input.View()))       // its placeholder pads with unstyled blanks
	}
	return d.c.frame(title, shown, d.w, d.h, focused)
}

// spinning is the shown lines, from line start of the pane's, with the
// pending pair's state turning as its Pairs row does: the lines are
// formatted once with stillPending, and Detail's "◌ pending" read as hung
// beside the row's spinner. Only the glyph changes, in a copy: the kept
// lines and their layout stay.
func (d *detailPane) spinning(shown []string, start int) []string {
	if p, _ := d.selection(); p == nil || p.State != history.StatePending || d.c.spin == stillPending {
		return shown
	}
	// The state ends the pair's head, the first of the lines: the last
	// glyph there is it (the title before it is the server's text).
	for i := range min(len(d.cache), detailHeadRows) {
		if !strings.Contains(d.cache[i], stillPending) {
			continue
		}
		if i < start || i-start >= len(shown) {
			return shown
		}
		out := slices.Clone(shown)
		line := out[i-start]
		if at := strings.LastIndex(line, stillPending); at >= 0 {
			out[i-start] = line[:at] + d.c.spin + line[at+len(stillPending):]
		}
		return out
	}
	return shown
}

// detailHeadRows is how far down Detail's lines spinning looks for a
// pending pair's state: its head wraps over two rows on a narrow pane.
const detailHeadRows = 3

// key is what the current selection's lines depend on. It is all a frame
// needs when nothing changed, so it is cheap: no copies, no text.
func (d *detailPane) key() detailKey {
	p, ev := d.selection()
	k := detailKey{pair: p, event: ev, width: d.w, pretty: d.pretty, noteInPairs: d.noteInPairs}
	if ev != nil {
		k.runN = d.c.log.EventRun(d.eventRow).N
	}
	if p != nil {
		k.state, k.resp, k.fail, k.reply, k.post, k.relay = p.State, p.Response, p.Failure, p.Reply, p.Post, p.Relay
		k.progress, k.notes, k.resumes, k.output = p.Progress, p.Notifications, len(p.Resumes), p.Output
		k.streamOpen = p.StreamOpen
		k.unfinished = d.unfinishedOf(p)
	}
	return k
}

// input is what the current selection's lines are made of; built only
// when they are to be formatted again.
func (d *detailPane) input() detailInput {
	p, ev := d.selection()
	in := detailInput{st: d.c.st, width: max(d.w-2, 1), pretty: d.pretty, note: d.c.note, open: d.c.keys.Open.Help().Key, event: ev, t0: d.c.log.ConnectedAt(),
		recording: d.c.recording, audience: d.c.audience(), relayed: d.c.relayed()}
	if d.noteInPairs {
		in.note = ""
	}
	if !d.c.replay && !d.c.proxied() {
		in.cancel = d.c.keys.CancelRequest.Help().Key
	}
	stats := d.c.log.Stats()
	in.asked.Transport = stats.Transport
	in.modern = stats.Transport == mcp.TransportStateless || mcp.IsModern(stats.Protocol)
	if !in.modern {
		in.older = stats.Protocol
	}
	if p != nil {
		row := *p
		row.Resumes = slices.Clone(p.Resumes)
		in.pair = &row
		in.state, in.stateStyle = d.c.pairStateWith(p, stillPending) // the lines are kept: no spinner
		in.unfinished = d.unfinishedOf(p)
		in.asked.Method = p.Method
		if p.State == history.StateRPCError {
			in.asked.Capabilities = d.c.log.Capabilities()
			in.asked.Declined = d.declinedDuring(p)
			in.asked.ListRefused = d.listRefusedBefore(p)
		}
		if r := p.Response; r != nil && r.RPC != nil {
			// A message that pairs with no request of ours (no
			// JSON-RPC, an id never sent) came on a request's
			// stream all the same: that one, by the event before it.
			reqSeq := r.RPC.ReqSeq
			if reqSeq == 0 {
				reqSeq = streamSeq(d.c.log, r)
			}
			in.respVia = streamWords(d.c.log, r.RPC.Stream, reqSeq, r.Seq)
		}
		if r := p.Request; r != nil && r.RPC != nil && (p.Kind == history.KindServerRequest || p.Kind == history.KindNotificationIn) {
			in.reqVia = streamWords(d.c.log, r.RPC.Stream, streamSeq(d.c.log, r), r.Seq)
		}
		if first := d.c.log.PairOf(p.Chain); p.Chain != 0 && first != nil {
			in.chainFirst = wireLine(first.ID, 64)
		}
	}
	if ev != nil && ev.Event != nil {
		in.eventVia = streamWords(d.c.log, ev.Event.Stream, ev.Event.ReqSeq, ev.Seq)
		in.run = d.run()
	}
	return in
}

// run is what the event shown stands for on its row of the events pane:
// a run of keep-alives, or itself alone.
func (d *detailPane) run() history.EventRun {
	if r := d.c.log.Event(d.eventRow); r == nil || d.event == nil || r.Seq != d.event.Seq {
		// Not the row it was on (a Log fed another way): itself alone.
		return history.EventRun{N: 1}
	}
	return d.c.log.EventRun(d.eventRow)
}

// lines are the pane's lines: formatted now when they are cheap, or a
// placeholder until refresh's command brings them.
func (d *detailPane) lines() []string {
	if k := d.key(); d.cache == nil || k != d.cacheKey {
		in := d.input()
		samePair := d.cache != nil && k.pair == d.cacheKey.pair && k.event == d.cacheKey.event && k.width == d.cacheKey.width
		d.cacheKey, d.respLine, d.inPart = k, -1, false
		if d.ready = in.cost() <= inlineFormat; d.ready {
			d.cache, d.respLine = in.format()
			d.inPart, d.cont = in.inPart, in.cont
			if moved := in.headRows - d.headRows; samePair && d.headRows >= 0 && moved != 0 && d.scroll.offset > 0 {
				// The answer came: the waiting line above the reader
				// went, the warnings about it came, the timing grew.
				d.scroll.offset = max(d.scroll.offset+moved, 0)
			}
			d.headRows = in.headRows
		} else {
			d.headRows = -1 // unknown: the placeholder has none
			d.cache, d.cont = in.placeholder(), nil
		}
	}
	if d.toResponse && d.respLine >= 0 {
		d.scroll.offset, d.toResponse = d.respLine, false
	}
	d.restorePlace()
	return d.cache
}

// refresh brings the lines up to date after anything changed, and returns
// the command that formats them when that is too costly for Update.
func (d *detailPane) refresh() tea.Cmd {
	d.lines()
	d.followSearch()
	if d.ready || d.formatting && d.formattingKey == d.cacheKey {
		return nil
	}
	// lines just made the cache key the selection's.
	in, k := d.input(), d.cacheKey
	d.formatting, d.formattingKey = true, k
	return func() tea.Msg {
		lines, resp := in.format()
		return detailFormattedMsg{key: k, lines: lines, respLine: resp, inPart: in.inPart, cont: in.cont}
	}
}

// formatted takes in lines formatted by refresh's command, unless the
// selection has moved on since.
func (d *detailPane) formatted(msg detailFormattedMsg) {
	if msg.key == d.formattingKey {
		d.formatting = false
	}
	if d.ready || msg.key != d.cacheKey {
		return
	}
	d.cache, d.respLine, d.ready, d.inPart, d.cont = msg.lines, msg.respLine, true, msg.inPart, msg.cont
	if s := &d.search; s.key == d.cacheKey && s.hits != nil {
		// A search made in the placeholder is made again in the lines, and
		// the match enter, n or N asked for is brought into view.
		waiting, from, dir := s.waiting, s.waitFrom, s.waitDir
		s.find(d.cacheKey, d.cache, d.inPart)
		if waiting {
			d.findFrom(from, dir)
		} else {
			d.placeSearch()
		}
	}
}
