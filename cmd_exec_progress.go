package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// progressLine draws, on a terminal's stderr, one line saying how far the
// pending request got, from the notifications/progress the server sends
// for it (its progressToken is the request's id), and clears it when the
// answer comes. Off a terminal it prints the same words as plain lines,
// "progress: …", at most one a second: a log file or a pipe wants no
// carriage returns, but a script watching a 30-second call saw nothing at
// all until its answer.
type progressLine struct {
	w   io.Writer
	tty bool

	mu      sync.Mutex
	pending map[string]string // request id -> what it is, for the line
	// tasks maps a task a tool call made (its answer a CreateTaskResult)
	// to the call's label: while tasks/result waits for the task, its
	// notifications/tasks/status draw the line, which stayed blank for
	// as long as the task ran (server-everything's research query).
	tasks map[string]string
	// asking maps a tools/call in flight that asked to run as a task to
	// its label: a status that comes before the call's answer names the
	// task (the reference server sends the first so) is that call's when
	// it is the only one in flight, and went undrawn.
	asking map[string]string
	shown  bool
	// A server may send a million progress notifications: the line is
	// drawn at most progressBurst times per progressWindow, and the
	// newest text held back (later) is drawn when the window ends, so a
	// flood costs the terminal a few dozen lines a second, not megabytes.
	windowAt time.Time
	drawn    int
	later    string
	flush    *time.Timer
	// upTo is the Seq of the newest record read, and caught wakes
	// caughtUp's waiters: the command's answer reaches exec before the
	// printing goroutine has read the progress sent ahead of it, and
	// done() then forgot the request and dropped that progress.
	upTo   int64
	caught *sync.Cond
}

// caughtUpWait bounds how long a command waits for the records before its
// answer to be read: a recorder behind a slow disk holds them back, and a
// progress line is not worth more of the user's time.
const caughtUpWait = time.Second

// caughtUp waits, at most caughtUpWait, until the record with this Seq
// (a command's answer) has been read, so the progress the server sent
// before it is drawn, not dropped by the done() that follows.
func (p *progressLine) caughtUp(seq int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.caught == nil {
		p.caught = sync.NewCond(&p.mu)
	}
	if p.upTo >= seq {
		return
	}
	late := false
	t := time.AfterFunc(caughtUpWait, func() {
		p.mu.Lock()
		late = true
		p.mu.Unlock()
		p.caught.Broadcast()
	})
	defer t.Stop()
	for p.upTo < seq && !late {
		p.caught.Wait()
	}
}

// progressWindow and progressBurst bound how often the line is drawn: a
// few quick steps are each drawn, a flood is sampled. Off a terminal each
// draw is a line of its own that stays, so one a second is printed, the
// newest held back printed when the second ends.
const (
	progressWindow      = 100 * time.Millisecond
	progressBurst       = 4
	plainProgressWindow = time.Second
)

// maxProgressWidth keeps the line on one row of an ordinary terminal, so a
// carriage return can erase it.
const maxProgressWidth = 78

// record follows the session's records: requests sent, their progress and
// their answers.
func (p *progressLine) record(r mcp.Record) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.Seq > p.upTo {
		p.upTo = r.Seq
		if p.caught != nil {
			p.caught.Broadcast()
		}
	}
	if r.RPC == nil {
		return
	}
	m := r.RPC
	switch {
	case r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest:
		if p.pending == nil {
			p.pending = map[string]string{}
		}
		label := m.Method
		if m.Tool != "" {
			label += " " + m.Tool
		}
		p.pending[m.ID] = label
		if m.Method == "tools/call" && mcp.AsksTask([]byte(m.Raw)) {
			if p.asking == nil {
				p.asking = map[string]string{}
			}
			p.asking[m.ID] = label
		}
	case r.Kind == mcp.KindReceived && (m.Class == mcp.ClassResponse || m.Class == mcp.ClassLate):
		label, ok := p.pending[m.ID]
		delete(p.pending, m.ID)
		delete(p.asking, m.ID)
		p.clearLocked()
		if !ok || m.Method != "tools/call" {
			break
		}
		// Only a tool call's own answer is read for a task: every other
		// answer, of any size, is not scanned for one.
		if id := history.TaskIDOf([]byte(m.Raw)); id != "" {
			if p.tasks == nil {
				p.tasks = map[string]string{}
			}
			p.tasks[id] = label
		}
	case r.Kind == mcp.KindReceived && m.Class == mcp.ClassNotification && m.Method == "notifications/tasks/status":
		w, ok := history.ReadNote(m.Method, []byte(m.Raw))
		label, known := p.tasks[w.Task]
		if !known && len(p.asking) == 1 {
			for _, label = range p.asking {
				known = true
			}
		}
		if ok && known && len(p.pending) > 0 {
			// The task's id is left out: 32 digits took the row its
			// status message needed, and there is one task per call.
			text := "task " + w.Status
			if w.Text != "" {
				text += ": " + strings.Join(strings.Fields(clip.Prefix(w.Text, 4*maxProgressWidth)), " ")
			}
			p.drawLocked(oneRow(sanitize.Line(label) + "  " + sanitize.Line(text)))
		}
	case r.Kind == mcp.KindReceived && m.Class == mcp.ClassNotification && !m.Replayed:
		// A replayed one (a resumed stream sending again what came
		// before) would draw the bar back to where it was.
		pr, ok := mcp.ParseProgress([]byte(m.Raw))
		if !ok {
			return
		}
		label, ok := p.pending[pr.Token]
		if !ok {
			return
		}
		p.drawLocked(progressText(label, pr))
	}
}

// drawLocked draws text as the line, or holds it for the end of the
// window when the window's draws are spent; p.mu is held.
func (p *progressLine) drawLocked(text string) {
	window, burst := progressWindow, progressBurst
	if !p.tty {
		window, burst = plainProgressWindow, 1
	}
	now := time.Now()
	if now.Sub(p.windowAt) >= window {
		p.windowAt, p.drawn = now, 0
	}
	if p.drawn >= burst {
		p.later = text
		if p.flush == nil {
			p.flush = time.AfterFunc(p.windowAt.Add(window).Sub(now), p.drawLater)
		}
		return
	}
	p.drawn++
	p.later = ""
	if !p.tty {
		fmt.Fprintln(p.w, "progress: "+text)
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K"+text)
	p.shown = true
}

// drawLater draws the text held back, unless the line was cleared since.
func (p *progressLine) drawLater() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flush = nil
	if text := p.later; text != "" {
		p.drawLocked(text)
	}
}

// Write writes b, whole lines, to the same stream, clearing the progress
// line first so they do not run into it: the standard logger's lines come
// from net/http at any moment. The next progress draws the line again.
func (p *progressLine) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
	return p.w.Write(b)
}

// done forgets every pending request and clears the line: the command
// they belonged to has returned (answered, failed or cancelled).
func (p *progressLine) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.pending)
	clear(p.tasks)
	p.clearLocked()
}

// interrupted clears the row the cursor is on, on a terminal: the ctrl+c
// that stopped the command was echoed there as ^C, and what is said next
// ("cancelled: …", "interrupted") ran on after it on the same line when no
// progress line had been drawn to clear. Off a terminal there is no echo.
func (p *progressLine) interrupted() {
	if !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	fmt.Fprint(p.w, "\r\x1b[K")
}

// clearLocked clears the line; off a terminal it first prints the newest
// progress held back, as its window would have: an answer that came within
// the same second dropped it, and the last progress the user saw was not
// the last the server sent.
func (p *progressLine) clearLocked() {
	if !p.tty && p.later != "" {
		fmt.Fprintln(p.w, "progress: "+p.later)
	}
	p.later = ""
	if p.flush != nil {
		p.flush.Stop()
		p.flush = nil
	}
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// progressText is the line for one request's progress: a bar when the
// total is known, the count otherwise, and the server's message, all
// sanitized and cut to one row.
func progressText(label string, pr mcp.Progress) string {
	var b strings.Builder
	b.WriteString(sanitize.Line(label))
	b.WriteString("  ")
	if pr.Total > 0 {
		frac := min(max(pr.Progress/pr.Total, 0), 1)
		const width = 20
		filled := int(frac * width)
		fmt.Fprintf(&b, "[%s%s] %s/%s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), history.FormatNumber(pr.Progress), history.FormatNumber(pr.Total))
	} else {
		fmt.Fprintf(&b, "%s", history.FormatNumber(pr.Progress))
	}
	if pr.Message != "" {
		b.WriteString("  ")
		b.WriteString(sanitize.Line(strings.Join(strings.Fields(pr.Message), " ")))
	}
	return oneRow(b.String())
}

// oneRow is line cut to maxProgressWidth runes, so a carriage return
// can erase it.
func oneRow(line string) string {
	s := []rune(line)
	if len(s) > maxProgressWidth {
		s = append(s[:maxProgressWidth-1], '…')
	}
	return string(s)
}
