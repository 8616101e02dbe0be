package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// Client is one session of a proxy's clients, as Options.Clients delivers
// it. Sent again with the same ID and nil Records, it renames the session
// (its clientInfo became known).
type Client struct {
	ID int
	// Name says who the client is, e.g. "claude-code 1.0.3".
	Name string
	// Transport is how it speaks to the proxy, e.g. "sse", shown after
	// its name; "" for none.
	Transport string
	// Records is the session's record stream; it closes when the session
	// ends.
	Records <-chan []mcp.Record
	// RecordingPath is where the session is recorded, "" for nowhere.
	RecordingPath string
	// Log is where its records are indexed; nil makes one that holds them
	// in memory (see Options.Log).
	Log *history.Log
	// Backend sends through the session: the user's own, opened next to
	// the proxied ones; nil for a proxied client's, which is watch-only.
	Backend Backend
	// Notice, when not "", is news of the proxy in no session (a request
	// it refused before any session held it): the status bar says it, and
	// the rest of the Client is not looked at.
	Notice string
	// RecordingFailed, when not nil, is why the recording of the session
	// ID stopped (a write error: the file is incomplete; a disk that did
	// not answer, history.Unanswered: it may be); the status bar says so
	// while that session is shown. The rest is not looked at.
	RecordingFailed error
	// Fold says the session holds many short ones, each folded in (the
	// proxy's GETs before initialize): each new one is announced.
	Fold bool
}

// clientFeed is a client session the TUI watches: its own Log, filled as
// its records arrive whether it is shown or not.
type clientFeed struct {
	Client
	log     *history.Log
	endedAt int // the order it ended in (1, 2, ...), 0 while it runs
	// recordingFailed says a write error stopped its recording.
	recordingFailed bool
	// gone says the user's own session's stream is gone (sayStreamGone):
	// the status bar's "stream gone" and the keys row's r are its tab's,
	// and stayed on another client's once one flag held them for all.
	gone bool
}

// clients are the proxy's sessions and which one is shown.
type clients struct {
	feeds []*clientFeed
	cur   int // index of the shown feed; -1 before the first
	// dropped counts the ended sessions let go to stay within maxEnded;
	// their recordings have all of them.
	dropped int
	ends    int // sessions ended so far
	// announced is the session the status line said was new, while the
	// message with id announcedID says it (announce), worded again as
	// the tabs move, it is renamed or it ends (reannounce).
	announced   *clientFeed
	announcedID int
	// announcedText is the announcement as last worded: what the status
	// message holds after it (an unsent answer's words, carryUnsent) is
	// kept when it is worded again.
	announcedText string
}

// maxEnded bounds the ended sessions kept listed, each with its log in
// memory: a client opening thousands of sessions must not grow the TUI
// without end, nor make every frame list them all. The oldest go first;
// the one shown stays.
const maxEnded = 64

// clientMsg is a new or renamed client session.
type clientMsg Client

// clientRecordsMsg carries records of one client session.
type clientRecordsMsg struct {
	id   int
	recs []mcp.Record
}

// clientEndedMsg says a client session's records ended.
type clientEndedMsg struct{ id int }

// waitForClient waits for the next client session or rename.
func waitForClient(ch <-chan Client) tea.Cmd {
	return func() tea.Msg {
		c, ok := <-ch
		if !ok {
			return nil
		}
		return clientMsg(c)
	}
}

// waitForClientRecords is waitForRecords for one client's stream, with
// the client's id on what it brings.
func waitForClientRecords(id int, ch <-chan []mcp.Record) tea.Cmd {
	wait := waitForRecords(ch)
	return func() tea.Msg {
		switch msg := wait().(type) {
		case recordsMsg:
			return clientRecordsMsg{id, msg}
		default:
			return clientEndedMsg{id}
		}
	}
}

// feed finds a client session by id.
func (c *clients) feed(id int) (*clientFeed, int) {
	for i, f := range c.feeds {
		if f.ID == id {
			return f, i
		}
	}
	return nil, -1
}

// handleClientMsg adds or renames a session; the first is shown at once.
func (m *Model) handleClientMsg(msg clientMsg) tea.Cmd {
	next := waitForClient(m.opts.Clients)
	if msg.Notice != "" {
		return tea.Batch(next, m.setStatus(levelWarn, sanitize.Line(msg.Notice)))
	}
	if msg.RecordingFailed != nil {
		return tea.Batch(next, m.clientRecordingFailed(msg.ID, msg.RecordingFailed))
	}
	if f, _ := m.clients.feed(msg.ID); f != nil {
		f.Name, f.Transport = msg.Name, msg.Transport
		if msg.RecordingPath != "" {
			f.RecordingPath = msg.RecordingPath
		}
		// Still announcing it by the User-Agent it came with: the name
		// it gave itself is the one the clients bar shows.
		return tea.Batch(next, m.reannounce())
	}
	if msg.Records == nil {
		// A new name of a session never announced: there are no records
		// to show or wait for, and a tab for it would wait on a nil
		// channel for ever.
		return next
	}
	f, at := m.addFeed(Client(msg))
	cmds := []tea.Cmd{next, waitForClientRecords(f.ID, f.Records)}
	if m.clients.cur < 0 {
		cmds = append(cmds, m.showClient(at))
	} else {
		cmds = append(cmds, m.announce(at))
	}
	return tea.Batch(cmds...)
}

// announce says on the status line that the i-th session is new, one
// that is not shown: the keys first, as after the bar's state an
// 80-column line cut them off the end of a long client name.
func (m *Model) announce(i int) tea.Cmd {
	text := m.newClientText(i)
	cmd := m.setStatus(levelInfo, text)
	m.clients.announced, m.clients.announcedID, m.clients.announcedText = m.clients.feeds[i], m.statusSeq, text
	return cmd
}

// reannounce words the announcement of a new client again while the
// status line still says it: the keys counted from where that client is
// now among the tabs (the ended clients let go past maxEnded moved it
// nearer, and "] ×3" took one press too many until a key cleared the
// message), the name it gave itself since, and that it ended (a client
// that came and went, the Inspector CLI's one tools/list, was offered as
// new for the rest of the message's time, the bar already reading
// "(ended)" beside it).
func (m *Model) reannounce() tea.Cmd {
	c := &m.clients
	if c.announced == nil || !m.status.shows(c.announcedID) {
		c.announced = nil
		return nil
	}
	switch i := slices.Index(c.feeds, c.announced); {
	case i < 0:
		// Let go (maxEnded), its log with it: no key shows it now, and
		// "] ×3 shows a new client" stepped to another. It ends as when
		// its time is up: the reminder to answer an open question it was
		// shown over comes back, where the status line was left empty.
		c.announced = nil
		return m.statusExpired(c.announcedID)
	case i != c.cur:
		// Only the announcement is worded again: the unsent answer
		// carried after it was lost with the old words.
		after, ok := strings.CutPrefix(m.status.msg.text, c.announcedText)
		if !ok {
			after = ""
		}
		c.announcedText = m.newClientText(i)
		m.status.msg.text = c.announcedText + after
	}
	return nil
}

// newClientText announces the i-th session.
func (m *Model) newClientText(i int) string {
	f := m.clients.feeds[i]
	text := m.stepKeys(i) + newClientWords + clientLabel(f.ID, f.title())
	if f.ended() {
		text += " (ended)"
	}
	return text
}

// newClientWords follow the keys in newClientText.
const newClientWords = " shows a new client: "

// stepKeys is the key that steps from the shown session to the i-th in
// the fewest presses, ] or [ (the list wraps), and how many presses when
// more than one ("] ×2"): a third client was announced as "] shows a new
// client: 3" while ] showed the second, and the user's own session, or a
// client that ended, between the shown one and a new one did the same.
func (m *Model) stepKeys(i int) string {
	n := len(m.clients.feeds)
	ahead := ((i-m.clients.cur)%n + n) % n
	key, presses := m.keys.NextClient.Help().Key, ahead
	if back := n - ahead; back < ahead {
		key, presses = m.keys.PrevClient.Help().Key, back
	}
	if presses > 1 {
		key += " ×" + strconv.Itoa(presses)
	}
	return key
}

// clientLabel names a proxied client as the clients bar does, by its
// number and then its name: two sessions of one program (an editor's two
// windows) read the same by name alone, on the status line as on the bar.
func clientLabel(id int, name string) string {
	return strconv.Itoa(id) + " " + sanitize.Line(name)
}

// label names session f on the status line: a client as the bar does
// (clientLabel), the user's own session by its name.
func (f *clientFeed) label() string {
	if f.Backend != nil {
		return sanitize.Line(f.title())
	}
	return clientLabel(f.ID, f.title())
}

// title is c's name and then its transport, as the bar and status line
// show them: "claude-code 1.0.3 · sse".
func (c Client) title() string {
	if c.Transport == "" {
		return c.Name
	}
	return c.Name + " · " + c.Transport
}

// handleClientRecords indexes a session's records; only the shown one
// redraws its panes.
func (m *Model) handleClientRecords(msg clientRecordsMsg) tea.Cmd {
	f, i := m.clients.feed(msg.id)
	if f == nil {
		return nil
	}
	had := f.log.Len()
	f.log.Append(msg.recs...)
	next := waitForClientRecords(f.ID, f.Records)
	if i != m.clients.cur {
		if f.Backend != nil {
			// Said when its tab is shown again (showClient).
			f.gone, _ = streamGoneAfter(f.gone, msg.recs, f.log)
		}
		return tea.Batch(next, m.announceFolded(f, i, had, msg.recs))
	}
	m.forgetAskedNothing(msg.recs)
	// The user's own session says on the status line what befalls it, as
	// mcpscope URL does: a proxied client's is its client's to handle (and
	// sayReconnecting's "press r" is no key of its), which sayOwnSession
	// leaves unsaid.
	return tea.Batch(m.afterAppend(), m.followListChanged(msg.recs), m.sayOwnSession(msg.recs), next)
}

// handleClientEnded marks a session over; it stays listed and readable,
// up to maxEnded of them.
func (m *Model) handleClientEnded(msg clientEndedMsg) tea.Cmd {
	f, _ := m.clients.feed(msg.id)
	if f == nil {
		return nil
	}
	m.clients.ends++
	f.endedAt = m.clients.ends
	m.clients.dropEnded()
	said := m.reannounce()
	if f != m.clients.shown() {
		return said
	}
	m.status.ended = true
	text := "the client's session ended: " + f.label() + " (everything so far is still here)"
	if r, at := m.clients.nextRunning(); r != nil {
		// A client that ends at once (exec's server/discover probe, a
		// stateless request) would leave the screen reading as if
		// nothing ran, its end said over the next one's announcement.
		// First, so an 80-column bar (after "● ended") keeps it.
		text = m.stepKeys(at) + " steps to " + r.label() + ", still running · " + text
	}
	// Read whole: under the watch-only row at 80 columns the bar cut it
	// in the middle of the client's name.
	return m.setStatus(levelWarn, text)
}

// nextRunning is the first session after the shown one, in the order ]
// steps, whose records have not ended, and its index; nil when none runs.
func (c *clients) nextRunning() (*clientFeed, int) {
	n := len(c.feeds)
	for d := 1; d < n; d++ {
		if i := (c.cur + d) % n; !c.feeds[i].ended() {
			return c.feeds[i], i
		}
	}
	return nil, -1
}

// ownRunning is the index of the user's own session (one that can send)
// whose records have not ended, or -1.
func (c *clients) ownRunning() int {
	for i, f := range c.feeds {
		if f.Backend != nil && !f.ended() {
			return i
		}
	}
	return -1
}

// ended reports whether the session's records ended.
func (f *clientFeed) ended() bool { return f.endedAt > 0 }

// shown is the feed on screen, or nil.
func (c *clients) shown() *clientFeed {
	if c.cur < 0 || c.cur >= len(c.feeds) {
		return nil
	}
	return c.feeds[c.cur]
}

// dropEnded lets go of the sessions that ended first, past maxEnded: the
// list is in the order they began, and a long session that just ended is
// one a person may still want to look at.
func (c *clients) dropEnded() {
	ended := 0
	for _, f := range c.feeds {
		if f.ended() {
			ended++
		}
	}
	for ; ended > maxEnded; ended-- {
		first := -1
		for i, f := range c.feeds {
			if f.ended() && i != c.cur && (first < 0 || f.endedAt < c.feeds[first].endedAt) {
				first = i
			}
		}
		if first < 0 {
			return
		}
		// Its Log may read its recording back: the file it holds open
		// goes with it, or a client opening thousands of sessions would
		// run the proxy out of file descriptors.
		_ = c.feeds[first].log.Close()
		c.feeds = slices.Delete(c.feeds, first, first+1)
		if c.cur > first {
			c.cur--
		}
		c.dropped++
	}
}

// stepClient shows the session delta places along the list.
func (m *Model) stepClient(delta int) tea.Cmd {
	n := len(m.clients.feeds)
	if n == 0 {
		return m.setStatus(levelInfo, "no client has connected yet")
	}
	said := m.showClient(((m.clients.cur+delta)%n + n) % n)
	return tea.Batch(said, m.afterAppend())
}

// showClient swaps the shown session: every pane reads the feed's Log,
// and sending is on only for the user's own. It returns what showLog does.
func (m *Model) showClient(i int) tea.Cmd {
	f := m.clients.feeds[i]
	m.clients.cur = i
	said := m.showLog(f.log)
	m.status.recording, m.status.ended = f.RecordingPath, f.ended()
	m.status.recordingFailed = f.recordingFailed
	m.status.gone = f.gone
	m.com.recording = f.RecordingPath
	if f.recordingFailed {
		m.com.recording = "" // what it left out may be missing from the file
	}
	m.com.own = f.Backend != nil
	m.detail.offeredBy(f.Backend)
	// The roots are the shown session's: the user's own offers some, a
	// proxied client's are its own and not known here (the Negotiation
	// pane named the own session's roots on every client's).
	if f.Backend != nil {
		m.setRoots(f.Backend.Roots())
	} else {
		m.setRoots(nil)
		m.com.rootsKnown = false
	}
	m.setBindings()
	m.cmdline.SetDisabled(m.sendDisabled())
	m.syncUnconnected()
	return said
}

// backend is what sends now: the shown session's when watching a proxy.
func (m *Model) backend() Backend {
	if m.opts.Clients != nil {
		if m.clients.cur < 0 {
			return nil
		}
		return m.clients.feeds[m.clients.cur].Backend
	}
	return m.opts.Backend
}

// ownMsg is the user's own session, opened next to the proxied ones, or
// why it could not be.
type ownMsg struct {
	c   Client
	err error
}

// openOwn opens the user's own session off the update loop.
func openOwn(open func() (Client, error)) tea.Cmd {
	return func() tea.Msg {
		c, err := open()
		return ownMsg{c, err}
	}
}

// handleOwn adds the user's own session and shows it.
func (m *Model) handleOwn(msg ownMsg) tea.Cmd {
	if msg.err != nil {
		return m.setStatus(levelError, "cannot open your own session: "+errLine(msg.err))
	}
	f, at := m.addFeed(msg.c)
	if said := m.showClient(at); said != nil {
		// Its word on the calls it did not send outranks the hint:
		// nothing the user typed goes unsaid.
		return tea.Batch(waitForClientRecords(f.ID, f.Records), m.afterAppend(), said)
	}
	// The keys first: with the command line open (:) the message shares
	// the status bar, and at 80 columns it was cut at "[ and ] go b…".
	return tea.Batch(waitForClientRecords(f.ID, f.Records), m.afterAppend(),
		m.setStatus(levelInfo, m.keys.PrevClient.Help().Key+" and "+m.keys.NextClient.Help().Key+" go back to the clients · this is your own session to the same server"))
}

// addFeed adds a tab for c, a proxied client or the user's own session,
// with a log of its own, and where among the tabs it went. A proxied
// client goes before those of higher numbers: the proxy passes a client
// on once upstream has answered it, so a legacy client (its GET answered
// at once) came before an earlier streamable one still waiting on its
// initialize, and the bar read "4 … 3", where the report at quit lists
// them by number.
func (m *Model) addFeed(c Client) (*clientFeed, int) {
	log := c.Log
	if log == nil {
		log = history.NewLog()
	}
	f := &clientFeed{Client: c, log: log}
	cs := &m.clients
	at := len(cs.feeds)
	if c.Backend == nil {
		if i := slices.IndexFunc(cs.feeds, func(o *clientFeed) bool { return o.Backend == nil && o.ID > c.ID }); i >= 0 {
			at = i
		}
	}
	cs.feeds = slices.Insert(cs.feeds, at, f)
	if cs.cur >= at {
		cs.cur++
	}
	return f, at
}
