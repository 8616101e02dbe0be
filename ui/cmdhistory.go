package ui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/atomicfile"
	"github.com/mcpscope/mcpscope/internal/pathcause"
	"github.com/mcpscope/mcpscope/internal/regular"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/waitnote"
)

// historyCap is how many commands the history keeps, in memory and on disk.
const historyCap = 1000

// cmdHistory is the list of earlier command lines that up and down walk
// through, oldest first. It is loaded once by the constructor; saving runs in
// a tea.Cmd because Update must not do I/O.
type cmdHistory struct {
	entries []string
	pos     int    // the entry shown while walking; len(entries) is the draft
	draft   string // what was typed before walking started
	file    *historyFile
	seq     uint64 // numbers the snapshots handed to the file
	// added are the newest lines this process added (at most
	// historyCap), and addedTotal how many it added in all: the file
	// gets these appended to what it holds when written, so two
	// mcpscopes sharing the history do not each overwrite the other's.
	added      []string
	addedTotal uint64
	loadErr    error // why the file could not be read; saving is off then
}

// historyFile appends this process's lines to the history file. Snapshots
// can reach it out of order (each save is its own Cmd goroutine), so it
// keeps the newest.
type historyFile struct {
	path    string
	mu      sync.Mutex
	written uint64
	flushed atomic.Uint64 // how many of the process's added lines the file has; read without mu by a quit that stopped waiting for a save
	quitBy  atomic.Int64  // when, as the TUI quits, every wait for the lock ends (unix ns; 0 before)
}

// historySaveErrMsg reports that the history could not be written.
type historySaveErrMsg struct{ err error }

// loadHistory reads path, one command per line. A missing file is an empty
// history. A file that cannot be read is left alone: overwriting it with
// this session's few commands would destroy the user's history.
func loadHistory(path string) *cmdHistory {
	h := &cmdHistory{}
	if path == "" {
		return h
	}
	data, err := readHistoryTail(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		h.loadErr = fmt.Errorf("command history not kept: %w", err)
		return h
	default:
		h.entries = historyLines(data)
		if len(h.entries) > historyCap {
			h.entries = h.entries[len(h.entries)-historyCap:]
		}
	}
	h.file = &historyFile{path: path}
	h.pos = len(h.entries)
	return h
}

// add appends a sent command line (unless it repeats the last one), stops
// any walk, and returns the Cmd that saves the history, or nil.
func (h *cmdHistory) add(line string) tea.Cmd {
	// The file holds one command per line; a pasted line break must not
	// split one command into two.
	line = strings.Join(strings.FieldsFunc(line, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
	h.pos = len(h.entries)
	if line == "" || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == line) {
		return nil
	}
	h.entries = append(h.entries, line)
	if len(h.entries) > historyCap {
		h.entries = slices.Delete(h.entries, 0, len(h.entries)-historyCap)
	}
	h.pos = len(h.entries)
	if h.file == nil {
		return nil
	}
	h.added = append(h.added, line)
	if len(h.added) > historyCap {
		h.added = slices.Delete(h.added, 0, len(h.added)-historyCap)
	}
	h.addedTotal++
	h.seq++
	f, seq, total, snapshot := h.file, h.seq, h.addedTotal, slices.Clone(h.added)
	return func() tea.Msg {
		if err := f.write(seq, total, snapshot); err != nil {
			return historySaveErrMsg{err}
		}
		return nil
	}
}

// prev returns the entry before the one shown; current is what the input
// holds now, kept as the draft when the walk starts.
func (h *cmdHistory) prev(current string) (string, bool) {
	if h.pos == 0 || len(h.entries) == 0 {
		return "", false
	}
	if h.pos == len(h.entries) {
		h.draft = current
	}
	h.pos--
	return h.entries[h.pos], true
}

// next returns the entry after the one shown, or the draft past the newest.
func (h *cmdHistory) next() (string, bool) {
	if h.pos >= len(h.entries) {
		return "", false
	}
	h.pos++
	if h.pos == len(h.entries) {
		return h.draft, true
	}
	return h.entries[h.pos], true
}

// showing reports whether line is the entry a walk shows now, unchanged.
func (h *cmdHistory) showing(line string) bool {
	return h.pos < len(h.entries) && h.entries[h.pos] == line
}

// reset ends a walk: the next up starts from the newest entry.
func (h *cmdHistory) reset() { h.pos = len(h.entries) }

// write appends the added lines the file does not have yet (added are the
// newest of total lines added) to what the file holds now, which another
// mcpscope may have written since this one started, and replaces the file
// whole (atomicfile), so a failed or crashed write never leaves half a
// history. A lock (lockHistory) keeps another mcpscope's save out
// from the read to the rename.
func (f *historyFile) write(seq, total uint64, added []string) error {
	// The wait begins here: behind this run's other save, itself waiting
	// on the lock, as well as on the lock.
	start := time.Now()
	f.mu.Lock()
	defer f.mu.Unlock()
	if seq <= f.written {
		return nil
	}
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("saving command history: %w", err)
	}
	// Held from the read to the rename: another mcpscope's save between
	// them would be replaced by this one's.
	unlock, err := lockHistory(f.path, start, f.lockDeadline(start))
	if err != nil {
		return err
	}
	defer unlock()
	var lines []string
	data, err := readHistoryTail(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		// Writing now would replace a history that could not be read.
		return fmt.Errorf("saving command history to %s: %w", f.path, pathcause.Of(err, f.path))
	default:
		lines = historyLines(data)
	}
	for _, line := range added[len(added)-int(min(total-f.flushed.Load(), uint64(len(added)))):] {
		if len(lines) == 0 || lines[len(lines)-1] != line {
			lines = append(lines, line)
		}
	}
	if len(lines) > historyCap {
		lines = lines[len(lines)-historyCap:]
	}
	out, err := atomicfile.Create(f.path, true)
	if err != nil {
		return fmt.Errorf("saving command history: %w", err)
	}
	_, err = io.WriteString(out, strings.Join(lines, "\n")+"\n")
	if err == nil {
		err = out.Commit()
	}
	if err != nil {
		out.Abort()
		// "to P: write P: no space left on device" named P twice.
		return fmt.Errorf("saving command history to %s: %w", f.path, pathcause.Of(err, f.path))
	}
	f.written = seq
	f.flushed.Store(total)
	return nil
}

// finish saves, as the TUI ends, what this run added that the file lacks:
// the last save is a Cmd bubbletea does not wait for, so a line typed just
// before quitting, or one whose save failed, was lost without a word. The
// error, when it cannot be saved, says why and lists those lines, so
// nothing typed is lost silently.
func (h *cmdHistory) finish() error {
	if h.file == nil || h.addedTotal == 0 {
		return nil
	}
	// A background save waiting on the lock holds the file's mutex: it
	// gives up by the same time, not historyLockWait after it began.
	h.file.quitBy.Store(time.Now().Add(historyQuitWait).UnixNano())
	// The lock's wait is bounded, but not the disk: on one that stops
	// answering (an NFS home gone) the open of the lock file, the read,
	// the write and the sync each block for ever, as does a background
	// save stuck in one of them, which holds the file's mutex.
	done := make(chan error, 1)
	seq, total, added := h.seq, h.addedTotal, h.added
	go func() { done <- h.file.write(seq, total, added) }()
	timer := time.NewTimer(historyFinishWait)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
		if err == nil {
			return nil
		}
	case <-timer.C:
		err = fmt.Errorf("command history not saved to %s: the disk did not answer within %s", h.file.path, historyFinishWait)
	}
	lost := h.file.unsaved(h.addedTotal, h.added)
	if len(lost) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n  the history lacks these commands typed this run:", err)
	for _, line := range lost {
		b.WriteString("\n    " + sanitize.Line(line))
	}
	return errors.New(b.String())
}

// quit saves the history as the TUI quits (finish), saying on errw what
// the wait is for once it takes waitnote.After, as the quit's DELETE is
// said, and then why it could not save, if it could not: on a disk that
// stopped answering the quit waited up to historyFinishWait saying
// nothing, and looked hung. Its why is wrapped between words at width, the terminal's (0: none):
// the terminal broke it mid-word and mid-path; the commands it lists stay
// one a line, to be copied.
func (h *cmdHistory) quit(errw io.Writer, width int) {
	stop := waitnote.Say(errw, waitnote.After, "mcpscope: saving the command history…")
	err := h.finish()
	stop()
	if err == nil {
		return
	}
	why, lost, _ := strings.Cut("mcpscope: "+err.Error(), "\n")
	rows := []string{why}
	if width > 0 {
		rows = wrapWords(why, width)
	}
	if lost != "" {
		rows = append(rows, lost)
	}
	// One write: what the quit says next is not cut in between.
	fmt.Fprintln(errw, strings.Join(rows, "\n"))
}

// unsaved are the lines of added (the newest of total lines added) the
// file does not have.
func (f *historyFile) unsaved(total uint64, added []string) []string {
	return added[len(added)-int(min(total-f.flushed.Load(), uint64(len(added)))):]
}

// historyTailBytes bounds how much of the history file is read: its last
// historyCap commands are all it keeps, and these fit unless they average
// over 4 KiB. A file grown huge (a stray redirect, a disk error) was read
// whole, leaving the TUI blank for as long as that took and its memory
// that size.
const historyTailBytes = 4 << 20

// readHistoryTail reads the end of the history file, at most
// historyTailBytes, starting at a whole line. A regular file only: a FIFO
// in its place would hang the start of the TUI.
func readHistoryTail(path string) ([]byte, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	off := max(fi.Size()-historyTailBytes, 0)
	data, err := io.ReadAll(io.NewSectionReader(f, off, fi.Size()-off))
	if err != nil || off == 0 {
		return data, err
	}
	// The read began inside a line: what precedes its end is part of
	// an older command.
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[i+1:], nil
	}
	return nil, nil
}

// historyLines are the commands a history file holds, one a line. A line
// that is not UTF-8 text, or holds a control character (a NUL of a file
// that is binary, not a history), is no command anyone typed: walked to
// with ↑ and sent, it would reach the server as garbage.
func historyLines(data []byte) []string {
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSuffix(line, "\r"); strings.TrimSpace(line) != "" && typedLine(line) {
			lines = append(lines, line)
		}
	}
	return lines
}

// typedLine reports whether line is text a command line could have held:
// valid UTF-8 with no control character but a tab.
func typedLine(line string) bool {
	return utf8.ValidString(line) && strings.IndexFunc(line, func(r rune) bool {
		return r != '\t' && unicode.IsControl(r)
	}) < 0
}
