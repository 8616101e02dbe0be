package ui

import (
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// filterScan is how much of each field of an event the filter looks at:
// the whole of any message a server sends in earnest (a tools/list of a
// hundred tools), while a hostile 60 MB event costs what 1 MiB does. At 4
// KiB a 12.6 KiB tools/list was not found by a tool named at byte 4264.
// The filter's hint says the bound.
const filterScan = 1 << 20

// filterChunkBytes bounds the bytes one step of a scan looks at, as
// filterChunk bounds its events: with events of a megabyte, 16k of them
// were a step of seconds, which a newer query could not cut short.
const filterChunkBytes = 16 << 20

// filterChunk is how many events one step of a scan tests. A step runs off
// the update loop; between steps Update shows what was found so far and
// can start over when the query changes.
const filterChunk = 16 << 10

// eventFilter finds the events that match a query. The scan runs in
// commands over chunks of the event index, so a keystroke costs the same
// at a million events as at ten: Update only starts the scan, and each
// chunk's matches come back as a filterChunkMsg tagged with the scan's
// generation. A new query bumps the generation, so chunks of an older scan
// that are still running are ignored when they arrive.
type eventFilter struct {
	query string
	gen   int
	log   *history.Log // the log the matches belong to (a replay restart swaps it)

	matches []int // matching event indexes, ascending

	// While typing on, only the previous query's matches can match: cand
	// holds them (they are tested first) and the events from tail on were
	// never tested. Otherwise cand is empty and tail is 0. cand is never
	// written once it is set: running scans read it.
	cand    []int
	candPos int // candidates tested
	tail    int // where the events the previous query never saw begin
	next    int // the next event from tail on to test

	// lastRow and lastN are the last row when the newest step began and
	// how many blocks it stood for then: a run of keep-alives grows in
	// place, not by a row, and its newest blocks, which the row shows, may
	// match now or no longer.
	lastRow, lastN int

	running bool // a chunk of this generation is being scanned
	// settled is set once a scan has caught up with the log; the pane
	// shows progress until then, not for every event that arrives later.
	settled bool
}

// filterChunkMsg is what one step of a scan found.
type filterChunkMsg struct {
	gen     int
	matches []int
	candPos int // candidates tested after this step
	next    int // the next tail event to test after this step
}

// filterJob is what a step needs, all of it safe to read off the update
// loop: a view of the log taken in Update, the query, and the candidates
// (never written again).
type filterJob struct {
	gen     int
	query   string
	view    history.EventView
	cand    []int
	candPos int
	next    int
}

// active reports whether a query is in effect.
func (f *eventFilter) active() bool { return f.query != "" }

// current reports whether the matches belong to log.
func (f *eventFilter) current(log *history.Log) bool { return f.log == log }

// setQuery starts finding the matches of q in log and returns the command
// that scans the first chunk.
func (f *eventFilter) setQuery(q string, log *history.Log) tea.Cmd {
	narrow := f.settled && !f.running && f.log == log && narrows(f.query, q)
	f.gen++
	f.query, f.running, f.settled = q, false, false
	if narrow {
		// Every event up to next was tested against the old query.
		f.cand, f.tail = f.matches, f.next
	} else {
		f.cand, f.tail = nil, 0
	}
	f.log, f.matches, f.candPos, f.next = log, nil, 0, f.tail
	if q == "" {
		f.cand, f.tail, f.next = nil, 0, 0
		return nil
	}
	return f.step()
}

// sync follows the log: it starts over when the log was replaced and tests
// events that arrived since the last step.
func (f *eventFilter) sync(log *history.Log) tea.Cmd {
	if !f.active() {
		return nil
	}
	if f.log != log {
		return f.setQuery(f.query, log)
	}
	return f.step()
}

// step starts scanning the next chunk unless one is running or there is
// nothing left to test.
func (f *eventFilter) step() tea.Cmd {
	if f.running {
		return nil
	}
	n := f.log.EventCount()
	if f.candPos == len(f.cand) && f.next >= n && !f.regrown(n) {
		f.settled = true
		return nil
	}
	f.running = true
	f.lastRow, f.lastN = n-1, 0
	if n > 0 {
		f.lastN = f.log.EventRun(n - 1).N
	}
	job := filterJob{gen: f.gen, query: f.query, view: f.log.EventView(), cand: f.cand, candPos: f.candPos, next: f.next}
	return func() tea.Msg { return job.scan() }
}

// regrown has the last of n rows tested again when it grew since a step
// tested it (a run that keep-alives folded into), and reports whether it
// did: only that row, since a run grows at the log's end only.
func (f *eventFilter) regrown(n int) bool {
	if n == 0 || f.lastRow != n-1 {
		return false
	}
	if f.log.EventRun(n-1).N == f.lastN {
		return false
	}
	if k := len(f.matches); k > 0 && f.matches[k-1] == n-1 {
		f.matches = f.matches[:k-1]
	}
	f.next, f.tail = n-1, min(f.tail, n-1)
	return true
}

// apply takes in a chunk's matches and returns the command for the next
// chunk. Chunks of an older scan are dropped.
func (f *eventFilter) apply(msg filterChunkMsg) tea.Cmd {
	if msg.gen != f.gen {
		return nil
	}
	f.running = false
	f.matches = append(f.matches, msg.matches...)
	f.candPos, f.next = msg.candPos, msg.next
	return f.step()
}

// progress is how many events this query's scan has tested and how many
// it has to test in all.
func (f *eventFilter) progress() (done, total int) {
	return f.candPos + f.next - f.tail, len(f.cand) + f.log.EventCount() - f.tail
}

// scanning reports whether the matches are still being looked for.
func (f *eventFilter) scanning() bool { return f.active() && !f.settled }

// scan tests up to filterChunk events: the candidates first, then the
// events nobody tested, in index order so matches stay sorted.
func (j filterJob) scan() filterChunkMsg {
	msg := filterChunkMsg{gen: j.gen}
	budget, bytes := filterChunk, filterChunkBytes
	for ; j.candPos < len(j.cand) && budget > 0 && bytes > 0; j.candPos++ {
		budget--
		i := j.cand[j.candPos]
		ok, looked := j.matches(i)
		if bytes -= looked; ok {
			msg.matches = append(msg.matches, i)
		}
	}
	n := j.view.Len()
	for ; j.next < n && budget > 0 && bytes > 0; j.next++ {
		budget--
		ok, looked := j.matches(j.next)
		if bytes -= looked; ok {
			msg.matches = append(msg.matches, j.next)
		}
	}
	msg.candPos, msg.next = j.candPos, j.next
	return msg
}

// narrows reports whether every text matching q also matches old: q extends
// old. That holds for ASCII queries only: a window of the text matching an
// ASCII query is ASCII too, so its start matches old; with other runes,
// case folding can change lengths (the Kelvin sign is k).
func narrows(old, q string) bool {
	if old == "" || !strings.HasPrefix(q, old) {
		return false
	}
	for i := 0; i < len(q); i++ {
		if q[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// matches reports whether the view's i-th row matches the query: its
// event, or for a run of keep-alives or ids alone what the row shows of
// its newest blocks too (`: ping 9`, id 9), which the first does not hold.
// looked is about how many bytes it read, for a step's budget.
func (j filterJob) matches(i int) (ok bool, looked int) {
	r := j.view.Event(i)
	if r == nil || r.Event == nil {
		return false, 1
	}
	ev := r.Event
	ok, looked = eventScan(ev, j.query)
	if ok || ev.Name != "" || ev.Data != "" {
		// Only a block of no name and no data starts a run: a message
		// costs no look at the runs.
		return ok, looked
	}
	ru := j.view.Run(i)
	if ru.Newest != nil {
		ok, n := eventScan(ru.Newest, j.query)
		if looked += n; ok {
			return true, looked
		}
	}
	if ru.NewestID != nil {
		id := clip.Prefix(ru.NewestID.ID, filterScan)
		return containsFold(id, j.query), looked + len(id)
	}
	return false, looked
}

// eventMatches reports whether the event's stream, name (as its row shows
// them), id, comments or data contain q, ignoring case: typing "liste" found
// nothing though a row read "listen  message". It looks at no more than
// filterScan bytes of each field and of the comments together, so a block
// of a million comment lines costs what one does.
func eventMatches(ev *mcp.SSEEvent, q string) bool {
	ok, _ := eventScan(ev, q)
	return ok
}

// eventScan is eventMatches, saying too about how many bytes it read (at
// least 1): a match or not, the fields it looked at in full.
func eventScan(ev *mcp.SSEEvent, q string) (ok bool, looked int) {
	looked = 1
	for _, f := range []string{streamKind(ev), shownName(ev), ev.ID, string(ev.Data)} {
		f = clip.Prefix(f, filterScan)
		if looked += len(f); containsFold(f, q) {
			return true, looked
		}
	}
	budget := filterScan
	for _, c := range ev.Comments {
		if budget <= 0 {
			break
		}
		c = clip.Prefix(c, budget)
		if looked += len(c) + 1; containsFold(c, q) {
			return true, looked
		}
		budget -= len(c) + 1
	}
	return false, looked
}
