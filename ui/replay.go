package ui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// replayInterval paces the replay clock: about 30 frames a second is smooth
// for a person and cheap for the terminal.
const replayInterval = 33 * time.Millisecond

// replayFrameWork is how long one beat may spend indexing records. Most
// cost microseconds, but a tools/call answer is checked against its
// tool's outputSchema as it is filed, up to about 20 ms each: the 1,000
// answers of one beat at instant speed held the update loop, and q with
// it, for half a minute.
const replayFrameWork = 50 * time.Millisecond

// replayTickMsg is one beat of the replay clock.
type replayTickMsg struct{}

// replayState drives a history.Player from the UI's clock.
type replayState struct {
	p *history.Player
	// ticking is set while a beat is scheduled, so pausing and resuming
	// never runs two clocks at once.
	ticking bool
	// reported is set once the end of the recording was announced.
	reported bool
	// backlog is what the Player handed out that a beat had no time to
	// index (replayFrameWork); the next beats index it first, in order.
	backlog []mcp.Record
	// longWaitFor is the position whose record was once more than
	// longWait away, -1 for none: its countdown is shown until it comes.
	longWaitFor int
}

// ended reports that the replay is at its end: the Player handed out the
// whole recording and the backlog is indexed.
func (r *replayState) ended() bool { return r.p.Done() && len(r.backlog) == 0 }

func newReplayState(p *history.Player) *replayState { return &replayState{p: p, longWaitFor: -1} }

// tick schedules the next beat unless one is already on its way or there
// is nothing to play and the end was announced (a recording with no
// records is at its end from the start, and its end is still said).
func (r *replayState) tick() tea.Cmd {
	if r.ticking || len(r.backlog) == 0 && r.p.Paused() || r.ended() && r.reported {
		return nil
	}
	r.ticking = true
	return tea.Tick(replayInterval, func(time.Time) tea.Msg { return replayTickMsg{} })
}

// replayTick appends what is due and keeps the clock going while playing.
func (m *Model) replayTick() tea.Cmd {
	r := m.replay
	if r == nil {
		return nil
	}
	r.ticking = false
	var due []mcp.Record
	if len(r.backlog) == 0 {
		// The Player hands out more only once the backlog is indexed: a
		// beat's batch at most waits, where each beat's MaxBatch piled up
		// behind answers slower to index than they came.
		due = r.p.Due(m.com.now())
	}
	cmds := []tea.Cmd{m.appendReplay(due), r.tick()}
	if r.ended() && !r.reported {
		r.reported = true
		// What is wrong with the file is read whole, wrapped under the
		// keys row: at 80 columns the bar cut it mid-sentence, and with
		// it the key that plays it again.
		if err := r.p.Err(); err != nil {
			cmds = append(cmds, m.setStatus(levelError, "the recording ends early: "+sanitize.Line(err.Error())))
		} else if n, _ := r.p.Loaded(); n == 0 && r.p.Damaged() == 0 {
			// An empty screen and a clock at 0/0 looked like a replay
			// still starting.
			cmds = append(cmds, m.setStatus(levelWarn, "the recording holds no records, only its header: its session ended, or was stopped, before anything happened"))
		} else if w := r.p.Warnings(); len(w) == 1 && r.p.StillRecording() {
			// The end is that of the file as it was when opened: "it may
			// grow · g plays it again" read as if g would play what it
			// grew by, and it played the same records again.
			cmds = append(cmds, m.setStatus(levelWarn, fmt.Sprintf(
				"end of the recording as it was when opened: another mcpscope is still recording it, and what it wrote since is not here · replay the file again to see it · %s plays this again",
				m.keys.JumpStart.Help().Key)))
		} else if len(w) == 1 {
			// One note says it best itself: most often the last line,
			// cut short when mcpscope was stopped as it wrote it.
			cmds = append(cmds, m.setStatus(levelWarn, "end of the recording: "+sanitize.Line(w[0])+" · "+m.keys.JumpStart.Help().Key+" plays it again"))
		} else if s := r.p.NotesSummary(); s != "" {
			// The notes are listed on the terminal when the TUI ends;
			// until then this is the only sign of them. Worded by what
			// they are about: an order note is no damaged line.
			cmds = append(cmds, m.setStatus(levelWarn, fmt.Sprintf(
				"end of the recording: %s (listed when you quit) · %s plays it again", sanitize.Line(s), m.keys.JumpStart.Help().Key)))
		} else {
			// Short enough to sit beside the protocol version at 80
			// columns: "at the end: " had the bar leave the version out
			// and keep nine columns blank.
			cmds = append(cmds, m.setStatus(levelInfo, "end: "+m.keys.JumpStart.Help().Key+" plays it again"))
		}
	}
	return tea.Batch(cmds...)
}

// appendReplay indexes replayed records exactly like live ones, after the
// backlog, for at most replayFrameWork; what is left waits in the backlog.
func (m *Model) appendReplay(recs []mcp.Record) tea.Cmd {
	defer m.updateReplayStatus()
	r := m.replay
	if len(r.backlog) > 0 {
		recs = append(r.backlog, recs...)
	}
	if len(recs) == 0 {
		return nil
	}
	start, n := time.Now(), 0
	for n < len(recs) && (n == 0 || time.Since(start) < replayFrameWork) {
		m.com.log.Append(recs[n])
		n++
	}
	if m.connectFailure(recs[:n]) != nil {
		// A recording that failed to connect shows the failure where its
		// live session did, on the Negotiation pane: Pairs said "no
		// message played yet" of a session that had none.
		m.negotiationForward()
	}
	r.backlog = recs[n:]
	if len(r.backlog) == 0 {
		r.backlog = nil
	}
	return m.afterAppend()
}

// replayKey handles the replay controls.
func (m *Model) replayKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	r, k := m.replay, m.keys
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.PlayPause) && r.p.Done():
		// Play at the end plays it again, as a media player does: a
		// pause there changed nothing on screen, and the g after it
		// ("g plays it again") then restarted paused.
		cmd = m.replayFromStart(true)
	case key.Matches(msg, k.PlayPause):
		r.p.Toggle()
	case key.Matches(msg, k.Faster):
		r.p.Faster()
	case key.Matches(msg, k.Slower):
		r.p.Slower()
	case key.Matches(msg, k.Step):
		if !r.p.Paused() {
			// Stepping is for looking closely: stop the clock first.
			r.p.Pause()
		}
		cmd = m.appendReplay(r.p.Step())
	case key.Matches(msg, k.JumpStart):
		// At the end g plays it again, as the status line says there;
		// before it, a paused replay restarts paused.
		cmd = m.replayFromStart(r.p.Done())
	case key.Matches(msg, k.JumpEnd):
		// At the end already, the end is said again: what G found there
		// (a file still being recorded holds no more than when opened)
		// had gone from the bar with the next key.
		r.reported = r.reported && !r.ended()
		cmd = m.appendReplay(r.p.JumpEnd())
	default:
		return nil, false
	}
	m.updateReplayStatus()
	return tea.Batch(cmd, r.tick()), true
}

// replayFromStart starts the replay over, playing when play says so.
func (m *Model) replayFromStart(play bool) tea.Cmd {
	r := m.replay
	m.restartReplay()
	r.p.Restart()
	r.backlog = nil
	if play {
		r.p.Resume()
	}
	r.reported = false
	// A wait counted down before is not one now: played again faster, its
	// gap of a few seconds said "next record in 1.9s".
	r.longWaitFor = -1
	return m.appendReplay(r.p.Due(m.com.now()))
}

// restartReplay starts over with an empty Log.
func (m *Model) restartReplay() {
	_ = m.showLog(newLog(m.opts.Player)) // a replay sends nothing: no call was held
}

// showLog makes every pane read log, through the shared context, from its
// start: a replay starting over, or another client of a proxy. It returns
// the expiry of the status saying what typed calls it did not send, nil
// when there were none: a caller about to say something else says nothing.
func (m *Model) showLog(log *history.Log) tea.Cmd {
	dropped := 0
	if log != m.com.log {
		dropped = m.forgetListings()
		// Another session's server: what this one offered nothing for
		// is that one's to answer.
		m.cmdline.askedNothing = askedWord{}
	}
	m.com.log = log
	m.tools = nil
	m.pairs.list = newList()
	m.events.list = newList()
	m.nego.scroll.offset = 0
	m.status.msg = nil
	m.resize(m.width, m.height)
	if dropped > 0 {
		// Nothing typed goes unsaid: the calls were typed for the session
		// no longer shown.
		return m.setStatus(levelWarn, fmt.Sprintf("%d tools/call typed before the tools were listed not sent: the session they were typed for is no longer shown (%s on the command line brings them back)", dropped, m.keys.HistoryPrev.Help().Key))
	}
	return nil
}

// newLog is the Log records are indexed in: a replay's reads them back from
// the recording instead of holding them.
func newLog(p *history.Player) *history.Log {
	if p != nil {
		return p.NewLog()
	}
	return history.NewLog()
}

// updateReplayStatus puts position, total, speed and pause in the status bar.
func (m *Model) updateReplayStatus() {
	r := m.replay
	if r == nil {
		return
	}
	state, done := "▶", r.ended()
	switch {
	case done:
		state = "■"
	case r.p.Paused():
		state = "⏸"
	}
	// The position is of what is indexed, so the backlog's still to come.
	at, total := r.p.Position()-len(r.backlog), r.p.Total()
	m.status.replay = fmt.Sprintf("%s %d/%d %s", state, at, total, r.p.Speed())
	m.status.replayWorded = fmt.Sprintf("%s %d/%d records %s", state, at, total, r.p.Speed())
	m.com.replayDone = done
	if m.com.log.PairCount() == 0 {
		// Counted only while Pairs is empty, the one time it is said.
		m.com.replayMessages = r.p.Messages()
	}
	m.status.replayWait = 0
	wait := r.p.Until(m.com.now())
	if wait > longWait {
		r.longWaitFor = r.p.Position()
	}
	// Once shown, the countdown runs to the record: it vanished at
	// longWait, leaving the last seconds of a long gap unexplained.
	if wait > 0 && r.longWaitFor == r.p.Position() {
		m.status.replayWait = wait
	}
}

// longWait is a wait for the next record long enough that, unexplained, a
// replay would look stuck.
const longWait = 5 * time.Second
