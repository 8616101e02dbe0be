// Package ui is mcpscope's terminal interface: four panes over one record
// log (negotiation, raw events, pairs, detail), a command line to send
// requests, and replay controls. Records arrive on a channel (live) or from
// a history.Player (replay); both feed the same history.Log, so a replay
// looks exactly like the live session did.
package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/stdlog"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/themes"
)

// Options configure the TUI. Exactly one of Records (live) and Player
// (replay) is normally set.
type Options struct {
	// Records delivers the live session's records; nil in a replay.
	Records <-chan []mcp.Record
	// Log is where the live records are indexed; nil makes one that holds
	// them in memory. A recorded session passes its Recorder's NewLog,
	// which reads them back from the recording instead.
	Log *history.Log
	// Backend sends commands and reconnects; nil in a replay.
	Backend Backend
	// NoSend says why nothing can be sent when there is no Backend, e.g.
	// that a proxied session belongs to its client; "" says it generically.
	NoSend string
	// Clients delivers the sessions of a proxy's clients as they come; the
	// TUI shows one at a time (Records is then nil). Nil outside a proxy.
	Clients <-chan Client
	// OpenOwn opens the user's own session to the proxy's server, shown
	// next to the clients' (key o); nil when there is none to open.
	OpenOwn func() (Client, error)
	// Player feeds a recording at its recorded pace; nil when live.
	Player *history.Player
	// Styles are every style drawn with (themes.NewStyles of a palette).
	Styles themes.Styles
	// URL and Transport are shown until the records say otherwise.
	URL, Transport string
	// ProbeTimeout is how long each detection probe may wait
	// (--endpoint-timeout), shown beside the probe in flight; 0 shows
	// only how long it has waited.
	ProbeTimeout time.Duration
	// RecordingPath is where the session is being recorded, "" for nowhere.
	RecordingPath string
	// RecordingFailed delivers the error that stopped the recording (a full
	// disk, say); the status bar then says the file is incomplete. Nil when
	// not recording.
	RecordingFailed <-chan error
	// Note is a standing hint for the status bar, e.g. that a demo gateway
	// is running and how to debug a real one.
	Note string
	// Warning is said in the status line as the TUI opens: what the
	// command line warned of (a --root that names no directory), which
	// stderr, under the TUI's screen, would not show.
	Warning string
	// HistoryPath keeps command line history across runs; "" keeps none.
	HistoryPath string
	// Answers brings what the server asks the user (elicitation,
	// sampling) to a prompt; give the same Answerer to the session as
	// mcp.Config.Answerer. nil in a replay.
	Answers *Answerer
	// Now is the clock; nil means time.Now. Tests fix it.
	Now func() time.Time
}

// Model is the root bubbletea model.
type Model struct {
	opts Options
	com  *common
	keys *KeyMap

	width, height int
	lay           screenLayout
	focus         pane
	slot          pane // the tabbed pane shown in the layout's slot

	nego    *negotiationPane
	events  *eventsPane
	pairs   *pairsPane
	detail  *detailPane
	cmdline *CommandLine
	status  *statusBar
	ask     *askPrompt
	// askTicking is set while a redraw of the question's time left is due.
	askTicking bool

	showHelp  bool
	helpTop   int // the first row of the help overlay shown, when it scrolls
	statusSeq int
	// connFail is why connecting failed, and the id of the status message
	// that says so: a resize words it again for the new width.
	connFail struct {
		err *mcp.ErrorInfo
		id  int
	}
	spinning  bool
	spinFrame int
	tools     []mcp.Tool // the tools last given to the command line
	replay    *replayState
	// awaitAnswer is the Seq of a request whose answer came back before
	// its records reached the log; its pair opens when they do.
	awaitAnswer int64
	// initializing counts the initialize sends not over yet; afterInit
	// holds what was submitted meanwhile, sent when they are.
	initializing int
	afterInit    []command.Command
	// roots holds the roots changes typed while one is being made.
	roots rootsQueue
	// afterTools holds the tools/calls of tools not listed yet, submitted
	// while the tools/list c sent for completion was on its way: sent when
	// it is back, their arguments are typed by the listed schema and the
	// call does not list the tools a second time itself. A typed one whose
	// arguments the schema then warns about goes back to the command line
	// instead (heldCallWarned).
	afterTools []SubmitMsg
	// afterToolsAnswer is the listing's answer they wait to see indexed.
	afterToolsAnswer *mcp.Response
	// autoLists is, for each of listKinds, what the listings that
	// list_changed caused are at (followListChanged).
	autoLists [len(listKinds)]autoListState
	// completing is the command line whose completion/complete is on its
	// way: Tab again on it (a key held down) does not ask again.
	completing string
	// completionLists are the listings completion sent that are still on
	// their way, by method (listForCompletion).
	completionLists map[string]bool
	// openedFrom is the list the detail pane was last opened from, where
	// the back key returns.
	openedFrom pane
	clients    clients // a proxy's client sessions

	// sends are the backend calls still running, for the cancel key.
	sends *inflight
	// ctx ends the backend calls still running when the program quits.
	ctx    context.Context
	cancel context.CancelFunc
	// clipboard receives the OSC 52 sequence of y; tests replace it.
	clipboard io.Writer
}

// New builds the root model.
func New(opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	} else if opts.Player != nil {
		// One clock for the replay and the screen, so tests control both.
		opts.Player.Now = opts.Now
	}
	st := opts.Styles
	keys := DefaultKeyMap()
	log := opts.Log
	if log == nil {
		log = newLog(opts.Player)
	}
	com := newCommon(&st, keys, log, opts.Now)
	com.replay, com.note, com.recording = opts.Player != nil, opts.Note, opts.RecordingPath
	com.watching = opts.Clients != nil
	com.spin = spinFrames[0]
	ctx, cancel := context.WithCancel(context.Background())
	m := &Model{
		opts:      opts,
		com:       com,
		keys:      keys,
		focus:     panePairs,
		slot:      panePairs,
		nego:      newNegotiationPane(com, opts.Transport),
		events:    newEventsPane(com),
		pairs:     newPairsPane(com),
		detail:    newDetailPane(com),
		cmdline:   NewCommandLine(&st, keys, opts.HistoryPath),
		status:    newStatusBar(com, opts),
		ask:       newAskPrompt(com),
		sends:     newInflight(),
		ctx:       ctx,
		cancel:    cancel,
		clipboard: os.Stdout,
		clients:   clients{cur: -1},
	}
	m.setBindings()
	m.cmdline.SetDisabled(m.sendDisabled())
	if opts.Backend != nil {
		m.setRoots(opts.Backend.Roots())
	}
	if opts.Player != nil {
		m.replay = newReplayState(opts.Player)
		m.updateReplayStatus()
	}
	return m
}

// The reasons sending is unavailable, shown on the command line and for
// the send keys.
const (
	replayDisabled = "replay: sending is disabled (this is a recording)"
	noBackend      = "sending is disabled: there is no session to send through"
)

// setBindings enables only the keys that can apply: no sending or
// reconnecting without a backend, no replay controls in a live session.
func (m *Model) setBindings() {
	k := m.keys
	canSend := m.sendDisabled() == ""
	for _, b := range []*key.Binding{&k.Initialize, &k.ListTools, &k.Call, &k.Command, &k.Reconnect, &k.CancelRequest} {
		b.SetEnabled(canSend)
	}
	replay := m.opts.Player != nil
	for _, b := range []*key.Binding{&k.PlayPause, &k.Faster, &k.Slower, &k.Step, &k.JumpStart, &k.JumpEnd} {
		b.SetEnabled(replay)
	}
	// g and G go to the top and the bottom too, as in less and vim, where
	// a replay does not take them for its restart and its end. Like
	// ctrl+b and ctrl+f for the page keys, the help names home and end.
	if replay {
		k.Home.SetKeys("home")
		k.End.SetKeys("end")
	} else {
		k.Home.SetKeys("home", "g")
		k.End.SetKeys("end", "G")
	}
	k.NextClient.SetEnabled(m.opts.Clients != nil)
	k.PrevClient.SetEnabled(m.opts.Clients != nil)
	k.OpenOwn.SetEnabled(m.opts.OpenOwn != nil)
}

// Run shows the TUI until the user quits. It returns when the program ends;
// the caller says where the session was recorded.
func Run(opts Options) error {
	m := New(opts)
	defer m.cancel()
	defer stdlog.Hold(os.Stderr)()
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion())
	defer quitOnHangup(p)()
	_, err := p.Run()
	return err
}

// Init starts waiting for records, or the replay clock.
func (m *Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if m.opts.Records != nil {
		cmds = append(cmds, waitForRecords(m.opts.Records))
	}
	if m.opts.RecordingFailed != nil {
		cmds = append(cmds, waitForRecordingError(m.opts.RecordingFailed))
	}
	if m.replay != nil {
		cmds = append(cmds, m.replay.tick())
	}
	if m.opts.Clients != nil {
		cmds = append(cmds, waitForClient(m.opts.Clients))
	}
	if m.opts.Answers != nil {
		cmds = append(cmds, waitForQuestion(m.ctx, m.opts.Answers))
	}
	if m.opts.Warning != "" {
		cmds = append(cmds, m.setWholeStatus(levelWarn, sanitize.Line(m.opts.Warning)))
	}
	return tea.Batch(cmds...)
}

// hintRows is a hint wrapped between words over the command line's rows
// (the row under it was left blank while the first cut the hint off at 80
// columns), the last row cut if it is longer still.
func (m *Model) hintRows(text string) []string {
	rows := wrapRows(text, max(m.width, 1), max(m.lay.CmdLine.H, 1))
	for i, r := range rows {
		rows[i] = m.com.st.Hint.Render(r)
	}
	return rows
}

// View draws the whole screen.
func (m *Model) View() string {
	if m.width == 0 {
		return "starting…"
	}
	if m.lay.Mode == modeTooSmall {
		quit := m.keys.Quit.Help().Key
		if m.typing() {
			// q is a letter in the input that still has the keys.
			quit = "ctrl+c"
		}
		return m.com.tooSmall(m.width, m.height, quit)
	}
	lines := m.body()
	// The command line is padded here so a short line never leaves the
	// frame ragged or shifts the status bar.
	var cl []string
	idle := false // the command line's own rows, not a prompt's or a filter's
	keysRow := "" // the keys row the clients bar took the place of
	switch {
	case m.ask.open():
		cl = m.ask.inputLines()
	case m.detail.searching():
		cl = m.hintRows(m.detail.searchHint())
	case m.events.typing():
		// The keys the command line's row names (":", "c") are letters of
		// the query now: say what the filter does and how to leave it.
		cl = m.hintRows(m.events.filterHint())
	default:
		idle = !m.cmdline.Focused()
		cl = strings.Split(m.cmdline.View(), "\n")
		if m.opts.Clients != nil && idle {
			// The command line's first row lists the clients, except while
			// the user types into their own session.
			keysRow, cl[0] = cl[0], m.clientsBar()
		}
	}
	bar, cut := m.status.render(true)
	top := 1 // the rows a message to read whole wraps under
	if idle && m.cmdline.holdsHintRow() {
		// A watch-only session's or a replay's reason stays: the session
		// ended there too, and the message wraps below it.
		top = 2
	}
	if n := m.lay.CmdLine.H - top; cut && n > 0 && idle && m.status.wraps() && len(cl) >= top && blankRows(cl[top:]) {
		// A message asked to be read whole (why a connection failed),
		// and the bar just cut it (wrapWant, without rendering it
		// again): it wraps under the keys row, over the rows cmdRows
		// asked for.
		if rows, rest, ok := m.status.msgRows(n); ok {
			cl, bar = append(cl[:top], rows...), rest
			cut = false
		}
	}
	if last := len(cl) - 1; cut && last >= 0 && ansi.StringWidth(cl[last]) == 0 && last < m.lay.CmdLine.H {
		// The command line's last row is blank: a status message the bar
		// would cut (a server's refusal, what to do next) is read whole
		// there, and the bar keeps the version and counts.
		if msg, rest, ok := m.status.msgRow(); ok {
			cl[last], bar = msg, rest
		}
	}
	placed := false
	for i := 1; keysRow != "" && i < len(cl) && i < m.lay.CmdLine.H; i++ {
		// The user's own session in a proxy's TUI can send: a row left
		// blank under the clients bar says how (: and c), which it did
		// nowhere once the status that opened it was gone.
		if ansi.StringWidth(cl[i]) == 0 {
			cl[i], placed = keysRow, true
			break
		}
	}
	if keysRow != "" && !placed {
		// The keys row, and its "? help" with it, gave way to the clients
		// bar: the bar ends with it instead where it has room (the
		// clients come first), or a proxy's watcher had no word of the help.
		if help := m.com.st.Hint.Render(" · " + keyHints(m.keys.Help)); ansi.StringWidth(cl[0]+help) <= m.width {
			cl[0] += help
		}
	}
	for i := 0; i < m.lay.CmdLine.H; i++ {
		var l string
		if i < len(cl) {
			l = cl[i]
		}
		// painted: an input's placeholder pads with unstyled blanks.
		lines = append(lines, m.com.painted(m.com.fit(l, m.width)))
	}
	lines = append(lines, bar)
	return strings.Join(lines, "\n")
}

// blankRows reports whether every row is empty.
func blankRows(rows []string) bool {
	for _, r := range rows {
		if ansi.StringWidth(r) != 0 {
			return false
		}
	}
	return true
}

// tooSmall is the whole screen when nothing fits, wrapped between words to
// the width (and cut to the height) so the size it needs is read whole on
// the small terminal it is shown on. It is drawn in the theme, every cell
// of it, as every other screen is: in the terminal's own colours it was a
// dark patch in a light theme's window.
func (c *common) tooSmall(w, h int, quit string) string {
	// Nothing else is drawn, the keys row neither: how to leave is said
	// here, or a newcomer who cannot resize is stuck.
	msg := fmt.Sprintf("terminal too small (need %dx%d, have %dx%d): enlarge it, or press %s to quit", minWidth, minHeight, w, h, quit)
	if w <= 0 || h <= 0 {
		return msg
	}
	lines := wrapWords(msg, w)
	lines = lines[:min(len(lines), h)]
	for i, l := range lines {
		lines[i] = c.painted(c.fit(c.st.Warning.Render(l), w))
	}
	for len(lines) < h {
		lines = append(lines, c.fit("", w))
	}
	return strings.Join(lines, "\n")
}

// piece is a pane's line placed at a column.
type piece struct {
	x    int
	text string
}

// body draws the panes (or the help overlay) into the rows above the
// command line.
func (m *Model) body() []string {
	bodyH := m.lay.CmdLine.Y
	if m.showHelp {
		lines := strings.Split(m.com.helpView(m.width, bodyH, m.helpTop), "\n")
		for len(lines) < bodyH {
			lines = append(lines, m.com.fit("", m.width))
		}
		return lines[:bodyH]
	}
	rows := make([][]piece, bodyH)
	place := func(r rect, lines []string) {
		for i, l := range lines {
			if y := r.Y + i; y < bodyH && i < r.H {
				rows[y] = append(rows[y], piece{r.X, l})
			}
		}
	}
	if !m.lay.TabBar.empty() {
		place(m.lay.TabBar, []string{m.tabBar()})
	}
	for p := pane(0); p < paneCount; p++ {
		r := m.lay.paneRect(p, m.slot)
		if r.empty() {
			continue
		}
		place(r, m.paneView(p, p == m.focus))
	}
	if m.ask.open() {
		// The question's box covers the bottom of the panes: it is what
		// needs an answer now.
		box := m.ask.boxLines(m.width, m.askBoxHeight())
		for i, l := range box {
			if y := bodyH - len(box) + i; y >= 0 {
				rows[y] = []piece{{0, l}}
			}
		}
	}
	out := make([]string, bodyH)
	for y, ps := range rows {
		slices.SortFunc(ps, func(a, b piece) int { return a.x - b.x })
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.text)
		}
		out[y] = b.String()
	}
	return out
}

// paneModel is what every pane offers the model.
type paneModel interface {
	Update(tea.Msg) tea.Cmd
	view(focused bool) []string
}

// paneOf is the pane model behind p.
func (m *Model) paneOf(p pane) paneModel {
	switch p {
	case paneNegotiation:
		return m.nego
	case paneEvents:
		return m.events
	case panePairs:
		return m.pairs
	}
	return m.detail
}

func (m *Model) paneView(p pane, focused bool) []string { return m.paneOf(p).view(focused) }

// tabSpan is where a tab's label sits on the tab bar, for clicks.
type tabSpan struct {
	p      pane
	x0, x1 int
}

// askBoxHeight is the most lines the open question's box takes: half the
// panes' height, and never fewer than 5.
func (m *Model) askBoxHeight() int {
	return max(m.lay.CmdLine.Y/2, 5)
}
