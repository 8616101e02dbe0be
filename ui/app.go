// Package ui is mcpscope's terminal interface: four panes over one record
// log (negotiation, raw events, pairs, detail), a command line to send
// requests, and replay controls. Records arrive on a channel (live) or from
// a history.Player (replay); both feed the same history.Log, so a replay
// looks exactly like the live session did.
package ui

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/stdlog"
	"github.com/mcpscope/mcpscope/mcp"
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
	// disk, say); the status bar then says the file is incomplete. A
	// *history.Caveat after it says the disk caught up. Nil when not
	// recording.
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
	// askStatusID is the status message id of the reminder to answer the
	// open question (askStatus).
	askStatusID int
	// boundKeys are the keys of every binding (boundKeysOf).
	boundKeys map[string]bool

	showHelp  bool
	helpTop   int // the first row of the help overlay shown, when it scrolls
	statusSeq int
	// connFail is why connecting failed, and the id of the status message
	// that says so: a resize words it again for the new width.
	connFail struct {
		err *mcp.ErrorInfo
		id  int
		// tries counts the failures; from the second on the message says
		// when this one came (again), or r that failed as fast as the
		// last showed the same words and seemed to do nothing.
		tries int
		again string
		// dropped names what waited for the transport and was dropped
		// when detection found none (pending until the failure is said):
		// the failure's words replace the drop's on the status line.
		dropped, pending string
	}
	// reconnectSaid is the id of the status message that said a
	// reconnect of the legacy transport's own was under way: the close
	// that ends those reconnects replaces it (sayReconnecting).
	reconnectSaid int
	// heldReconnect is a legacy reconnect's attempt not said over what
	// became of the user's own request, said once that ends while the
	// attempts go on (sayHeldTry).
	heldReconnect heldTry
	// typingRows are the most rows the open command line has taken since
	// it opened (keepTypingRows); 0 while it is closed.
	typingRows int
	// typedSeen counts the command line's SubmitMsgs handled; dropTyped,
	// when not 0, is the one x cancelled before it came (cancelSelected).
	typedSeen, dropTyped int
	// attemptSaid is the id of the status message that said the newest
	// attempt of a legacy reconnect's run (0 before its first): only what
	// became of a request sent after it holds the next one back. The
	// failure the break itself caused already says the attempts come.
	attemptSaid int
	// getTries and listenTries follow the tries of the GET stream and of
	// the 2026 listen stream said on the status line (sayGetRetrying,
	// sayListenStream).
	getTries, listenTries streamTries
	// unsent is the status message that says an answer was not sent and
	// is kept, and its id: the stream's news that follows (reconnecting,
	// a new session) carries it on instead of replacing it unread.
	unsent struct {
		text string
		id   int
		// kept is text's clause that says what is kept, alone; round
		// says the question was a 2026 round's: the end of its request,
		// declined, says already that the round ended there, and carries
		// only kept, not the decline again.
		kept  string
		round bool
	}
	spinning  bool
	spinFrame int
	tools     []mcp.Tool // the tools last given to the command line
	replay    *replayState
	// awaitAnswer is the Seq of a request whose answer came back before
	// its records reached the log; its pair opens when they do.
	awaitAnswer int64
	// initializing counts the initialize sends not over yet; afterInit
	// holds what was submitted meanwhile, or while detection was finding
	// the transport (afterDetect), sent when they are over.
	initializing int
	// replacing says initialize was sent on a streamable session already
	// initialized: the answer opens a new session, which the status
	// says, with what the old one held that is gone.
	replacing   bool
	afterInit   []SubmitMsg
	afterDetect bool
	// heldAsk is a Tab's ask of the server made while initialize (i, or
	// r's new session: reconnectAsked) was on its way, sent once it is
	// over (askHeld).
	heldAsk        *serverCompleteMsg
	reconnectAsked bool
	// heldListing is a Tab's listing for completion made while detection
	// or initialize was on its way, sent once the session is initialized
	// (listHeld).
	heldListing *listForCompletionMsg
	// sessionGen counts the new sessions the user began (i, r): what was
	// asked before one is the old session's (serverCompleted).
	sessionGen int
	// roots holds the roots changes typed while one is being made.
	roots rootsQueue
	// afterTools holds the tools/calls of tools not listed yet, submitted
	// while the tools/list c sent for completion was on its way: sent when
	// it is back, their arguments are typed by the listed schema and the
	// call does not list the tools a second time itself. A typed one whose
	// arguments the schema then warns about goes back to the command line
	// instead (heldCallWarned).
	afterTools []SubmitMsg
	// autoLists is, for each of listKinds, what the listings that
	// list_changed caused are at (followListChanged).
	autoLists [len(listKinds)]autoListState
	// completing is the command line whose completion/complete is on its
	// way: Tab again on it (a key held down) does not ask again.
	completing string
	// completionLists are the listings completion sent that are still on
	// their way, by method (listForCompletion), with the answer once it is
	// back and until it is indexed (completionListed).
	completionLists map[string]*mcp.Response
	// tabAfter is the command line the Tab that sent them was pressed
	// on, Tab again once what they listed is indexed (retab); "" for none.
	tabAfter string
	// openedFrom is the list the detail pane was last opened from, where
	// the back key returns.
	openedFrom pane
	clients    clients // a proxy's client sessions

	// sends are the backend calls still running, for the cancel key.
	sends *inflight
	// ended are the request records of the sends whose end the status
	// line said while their rows may still read pending: the records of
	// that end reach the log apart from it (see endedSend).
	ended []sentRecord
	// ctx ends the backend calls still running when the program quits.
	ctx    context.Context
	cancel context.CancelFunc
	// shownSeq is the Seq of the newest record the screen was given, and
	// quitting what quitting says it waits for (startQuit).
	shownSeq int64
	quitting string
	// clipboard receives the OSC 52 sequence of y; tests replace it.
	clipboard io.Writer
	// tmux is whether clipboard is a tmux pane ($TMUX is set), where the
	// sequence reaches the clipboard only if tmux is told to let it.
	tmux bool
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
	// A replay's reason is said once, on the status bar, when a key that
	// sends is pressed: under the keys it stood from the start, over the
	// whole of a short replay, and repeated the bar's after c.
	m.cmdline.SetReasonGone(opts.Player != nil)
	if opts.Backend != nil {
		m.setRoots(opts.Backend.Roots())
	}
	m.detail.offeredBy(opts.Backend)
	if opts.Player != nil {
		if roots := opts.Player.Header().Roots; roots != nil {
			// What the live session offered, shown as it showed them.
			m.setRoots(roots)
		}
		m.replay = newReplayState(opts.Player)
		m.updateReplayStatus()
	}
	return m
}

// The reasons sending is unavailable, shown on the command line and for
// the send keys.
const (
	replayDisabled = "replay: sending is disabled (this is a recording)"
	// replayRefused is what a send key pressed in a replay says on the
	// status bar, short enough to leave the bar whole on 80 columns.
	replayRefused = "a replay sends nothing"
	// replayNoReconnect is what r says there: it sends nothing either,
	// but "sends nothing" did not say why r, which reconnects, did not
	// (the bar's REPLAY badge says where; short, so the bar keeps the
	// protocol version on 80 columns).
	replayNoReconnect = "no server to reconnect to"
	noBackend         = "sending is disabled: there is no session to send through"
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
	m.boundKeys = boundKeysOf(k)
}

// Run shows the TUI until the user quits. It returns when the program ends;
// the caller says where the session was recorded.
func Run(opts Options) error {
	m := New(opts)
	m.tmux = os.Getenv("TMUX") != ""
	defer m.cancel()
	defer stdlog.Hold(os.Stderr)()
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithOutput(clearedOnLeave{os.Stdout}))
	defer quitOnHangup(p)()
	_, err := p.Run()
	// The screen is the user's again: said where it stays, and what the
	// caller's wait for the recording is for.
	m.cmdline.hist.quit(os.Stderr, m.width)
	m.sayQuitting(os.Stderr)
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
		cmds = append(cmds, m.setStatus(levelWarn, sanitize.Line(m.opts.Warning)))
	}
	return tea.Batch(cmds...)
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
