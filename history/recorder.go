package history

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/internal/regular"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recording is JSON Lines: a Header, then one mcp.Record per line, exactly
// as the session emitted it (minus secrets unless asked to keep them). See
// docs/recording-format.md, and format.go for how version 2 stores the bytes
// of a message once.

// Format and FormatVersion identify a recording's header line. Readers read
// every version up to FormatVersion.
const (
	Format        = "mcpscope-session"
	FormatVersion = 2
)

// Header is the first line of a recording.
type Header struct {
	Format    string    `json:"format"`
	Version   int       `json:"version"`
	MCPScope  string    `json:"mcpscope"` // the version of mcpscope that recorded it
	URL       string    `json:"url"`
	Transport string    `json:"transport"`
	Started   time.Time `json:"started"` // RFC 3339 with nanoseconds
	Host      string    `json:"host"`    // the server's host:port, as in the file name
	// Redacts says what the recorder redacted beyond the credential
	// headers: RedactsHeaders (the user's -H headers, by name and echoed
	// value, and the URL's query credentials) or RedactsNone
	// (--record-secrets). Empty in a recording made before mcpscope
	// redacted -H headers, whose request headers a reader redacts itself
	// (see legacyRedactor).
	Redacts string `json:"redacts,omitempty"`
	// Folded is, for a proxy run's one recording of many short sessions
	// of a kind (FoldUnanswered, FoldGets), that kind: the sessions
	// listing counts them and names them so, not by the first one's
	// client. Empty for the recording of one session.
	Folded string `json:"folded,omitempty"`
	// Roots are the roots mcpscope offered as the session began (--root),
	// which a replay shows in Negotiation as the live session did: the
	// records hold them only if the server asked. Nil when none were
	// offered, and in a recording made before they were kept.
	Roots []mcp.Root `json:"roots,omitempty"`
	// Demo says the server was the built-in demo gateway, started on a
	// random loopback port because no URL was given: the URL's port died
	// with the session, so the recording is named by Server, and a re-run
	// starts the demo again (--against demo). False in a recording made
	// before it was kept, which is named by its URL as it was.
	Demo bool `json:"demo,omitempty"`
}

// The values of Header.Redacts.
const (
	RedactsHeaders = "headers"
	RedactsNone    = "none"
)

// RecordOptions says what a recording may contain.
type RecordOptions struct {
	// Secrets keeps credentials in the file (--record-secrets). By default
	// Authorization, Proxy-Authorization, Cookie and Set-Cookie values,
	// the values of Headers, the password of any URL mcpscope writes, and
	// each of Tokens wherever it appears become "[redacted]" (see
	// redact.go).
	Secrets bool
	// Tokens are credentials the user handed mcpscope: the bearer token and
	// the credential part of -H Authorization values. They are replaced
	// wherever they appear when they are 8 bytes or longer; a shorter one
	// would scrub ordinary text, and the header rules cover it where
	// mcpscope sends it. The header URL's password needs no listing here.
	Tokens []string
	// Headers are the headers the user gave (-H), by name. Each is a
	// credential (an API key, a gateway's own token header) unless it is
	// one of the protocol's own (see keptHeader): its values are redacted
	// by name wherever a record holds that header, and each value of 8
	// bytes or more is replaced wherever it appears, as Tokens are.
	Headers map[string][]string
	// ClientQuery has the credentials in the query of each request a
	// record holds ("?token=", "?api_key=": urlpass.QueryParams) learnt and
	// replaced wherever they appear, as a request's Authorization is: the
	// proxy's, whose clients choose their URLs, a key in the query included.
	ClientQuery bool
	// Elsewhere is how the running command records to another place
	// ("--record-dir DIR or MCPSCOPE_STATE_DIR=DIR"), for the advice of a
	// write that fails mid-session; "" names MCPSCOPE_STATE_DIR only.
	Elsewhere string
}

// Redacted replaces secrets in recordings.
const Redacted = "[redacted]"

// flushDelay bounds how long a record may sit in the buffer: a crash or a
// kill loses at most this much of the session.
const flushDelay = 100 * time.Millisecond

// Recorder writes records to a recording file. Its methods are safe for
// concurrent use; the flush timer runs on its own goroutine.
type Recorder struct {
	mu      sync.Mutex
	f       *os.File
	w       *bufio.Writer
	path    string
	red     *redactor
	enc     encoder
	ping    keepAliveLine // the last keep-alive's line (recorder_keepalive.go)
	pending bool          // a flush is scheduled
	err     error
	// flushFailed is signalled when the timed flush meets a write error or
	// finds the file removed, replaced or cut (recorder_gone.go),
	// for Tee to report it: a session gone quiet writes no record that
	// would return it, and the status bar went on saying "● rec".
	flushFailed chan struct{}
	// stalled is signalled when a timed flush has waited closeWait for
	// the disk, for Tee to say the recording is falling behind while the
	// flush still waits (recorder_behind.go).
	stalled chan struct{}
	// checking is the verdict of the look at the file in flight
	// (startCheck), nil when none is.
	checking chan error
	note     *Caveat // what the last look found of a file whose records are whole
	closed   bool
	// elsewhere is RecordOptions.Elsewhere, for a failed write's advice.
	elsewhere string
	// What Logs reading the file back need (recorder_live.go): how much
	// of it is on disk, the number of the last line written, and the
	// sources told of each line.
	written *atomic.Int64
	// disk times the file's calls in flight, for the bounds on a disk
	// that stops answering (recorder_diskclock.go).
	disk *diskClock
	line int
	srcs []*source
	head []byte // the header line, which Close checks is still there
}

// Create starts a recording at path, creating its directory. The file is
// readable by its owner only: it holds everything the server said.
func Create(path string, h Header, opts RecordOptions) (*Recorder, error) {
	f, err := openLocked(path)
	if err != nil {
		return nil, err
	}
	// Not truncated before it is locked: the file may be another
	// mcpscope's recording in progress.
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, &fileError{"empty", path, err}
	}
	return start(f, path, h, opts)
}

// openLocked opens (or creates) path for a recording and locks it, without
// changing what it holds.
func openLocked(path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, dirError(filepath.Dir(path), err)
	}
	f, err := regular.Create(path, 0o600)
	var nr *regular.NotRegularError
	if errors.As(err, &nr) {
		return nil, fmt.Errorf("recording: %v: a recording is a file to read back; for a stream of records use exec --json", err)
	}
	if err != nil {
		return nil, &fileError{"create", path, err}
	}
	if err := lockFile(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ExistsError is CreateNew's refusal of a file that already holds something:
// replacing it would lose an earlier session.
type ExistsError struct {
	Path string
	Size int64
}

// Error names the file and what it holds.
func (e *ExistsError) Error() string {
	return fmt.Sprintf("recording: %s already exists (%d bytes, perhaps an earlier session)", e.Path, e.Size)
}

// CreateNew is Create for a file that must not hold anything yet: a file
// with content is refused with an *ExistsError and left as it was. The
// checks run in Create's order, so a FIFO is named as one and a file another
// mcpscope is recording to is refused as that; an empty file is taken, as
// there is nothing in it to lose.
func CreateNew(path string, h Header, opts RecordOptions) (*Recorder, error) {
	f, err := openLocked(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &fileError{"read", path, err}
	}
	if fi.Size() > 0 {
		f.Close()
		return nil, &ExistsError{Path: path, Size: fi.Size()}
	}
	return start(f, path, h, opts)
}

// CreateIn starts a recording under a new name in dir (see NewPath). The
// file is created exclusively, so runs started in the same second never
// share one.
func CreateIn(dir string, started time.Time, host string, h Header, opts RecordOptions) (*Recorder, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, dirError(dir, err)
	}
	for i := 0; i < 1000; i++ {
		path := NewPath(dir, started, host)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			continue // another run took the name after NewPath looked
		}
		if err != nil {
			return nil, &fileError{"create", path, err}
		}
		if err := lockFile(f, path); err != nil {
			f.Close()
			return nil, err
		}
		r, err := start(f, path, h, opts)
		if err != nil {
			// The file is new and holds not even its header (the disk is
			// full): left behind, it would be listed among the sessions
			// as a recording that is not one.
			os.Remove(path)
		}
		return r, err
	}
	return nil, fmt.Errorf("recording: no free file name in %s", dir)
}

// start writes the header to a new recording file.
func start(f *os.File, path string, h Header, opts RecordOptions) (*Recorder, error) {
	written, disk := new(atomic.Int64), new(diskClock)
	r := &Recorder{f: f, w: bufio.NewWriterSize(clockedWriter{disk, countingWriter{f, written}}, 256<<10), path: path, red: newRedactor(opts, h.URL), elsewhere: opts.Elsewhere,
		written: written, disk: disk, line: 1, flushFailed: make(chan struct{}, 1), stalled: make(chan struct{}, 1)}
	h.Format, h.Version = Format, FormatVersion
	h.Redacts = RedactsHeaders
	if opts.Secrets {
		h.Redacts = RedactsNone
	}
	line, err := json.Marshal(r.red.header(h))
	if err == nil {
		r.head = append(line, '\n')
		if _, err = r.w.Write(r.head); err == nil {
			err = r.w.Flush()
		}
	}
	if err != nil {
		f.Close()
		return nil, &fileError{"write to", path, err}
	}
	return r, nil
}

// Path is the file being written.
func (r *Recorder) Path() string { return r.path }

// Write appends one record. The record reaches the file within 100 ms. After
// a write error every later Write returns that error. Records must come in
// the order the session emitted them: a message is stored as a reference
// into the event before it.
func (r *Recorder) Write(rec mcp.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return fmt.Errorf("recording: %s is closed", r.path)
	}
	if r.err != nil {
		return r.err
	}
	// Read before encode remembers rec as the last keep-alive.
	folds := r.ping.follows(&rec)
	line, redacted, err := r.encode(rec)
	if err != nil {
		return fmt.Errorf("recording: cannot encode record %d: %w", rec.Seq, err)
	}
	off := r.offset()
	if err := line.writeTo(r.w, nil); err != nil {
		r.err = &writeError{r.path, r.elsewhere, err}
		return r.err
	}
	r.line++
	if !folds {
		// A keep-alive after another on its stream is folded into that
		// one's run by the Logs reading this recording back: indexing
		// its line too cost each of them an entry (40 bytes) a
		// keep-alive, so a server flooding them grew the TUI without
		// bound while the screen showed one row.
		r.tell(&rec, off, redacted)
	}
	if !r.pending && r.w.Buffered() > 0 {
		r.pending = true
		time.AfterFunc(flushDelay, r.timedFlush)
	}
	return nil
}

func (r *Recorder) timedFlush() {
	r.mu.Lock()
	r.pending = false
	if r.closed || r.err != nil {
		r.mu.Unlock()
		return
	}
	watch := time.AfterFunc(closeWait, func() {
		select {
		case r.stalled <- struct{}{}:
		default:
		}
	})
	err := r.w.Flush()
	watch.Stop()
	if err != nil {
		r.fail(&writeError{r.path, r.elsewhere, err})
	} else if r.checking == nil {
		// A file removed, replaced or cut under the writer takes the
		// writes without an error: looked for only at Close, the user
		// watched "● rec" for the rest of the session and learnt at the
		// exit that nothing had been kept. One look at a time, off the
		// lock (startCheck); a flush while one is out looks no more.
		r.startCheck()
	}
	r.mu.Unlock()
}

// fail records err as the recording's error, unless it met one before,
// and tells Tee, which reports it while the session goes on. r.mu is held.
func (r *Recorder) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	select {
	case r.flushFailed <- struct{}{}:
	default:
	}
}

// writeErr is the error the recording met, or nil.
func (r *Recorder) writeErr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// encode turns a record into its line, redacted as the options say, and
// reports whether redacting changed it; a keep-alive the same as the one
// before repeats its line. r.mu is held. The caller's record is never
// changed.
func (r *Recorder) encode(rec mcp.Record) (line encodedLine, redacted bool, err error) {
	if line, ok := r.ping.repeated(&rec, r.red); ok {
		// What encoder.encode remembers of an event record.
		r.enc.lastSeq, r.enc.lastData = rec.Seq, string(rec.Event.Data)
		return line, false, nil
	}
	line, redacted, err = r.encodeAfresh(rec)
	if err == nil {
		r.ping.remember(&rec, line)
	}
	return line, redacted, err
}

// encodeAfresh is rec's line, redacted.
func (r *Recorder) encodeAfresh(rec mcp.Record) (encodedLine, bool, error) {
	before := r.enc
	line, redacted, err := r.red.encodeNoting(rec, func(rec mcp.Record) (encodedLine, error) {
		// A second encoding follows the first's state no further.
		r.enc = before
		return r.enc.encode(rec)
	})
	if err != nil {
		r.enc = before
	}
	return line, redacted, err
}

// Close flushes what is buffered, syncs the file to disk and closes it. It
// returns the first error the recording met, or else a *Caveat about a
// file whose records are whole.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return r.closeErr()
	}
	r.closed = true
	if r.err == nil {
		if err := r.w.Flush(); err != nil {
			r.err = &writeError{r.path, r.elsewhere, err}
		}
	}
	if err := r.disk.in(r.f.Sync); err != nil && r.err == nil {
		r.err = fmt.Errorf("recording: cannot sync %s: %w", r.path, err)
	}
	// The look at the file is the disk's too (a stat on a mount gone).
	r.disk.start()
	r.lastCheck()
	r.disk.stop()
	if err := r.disk.in(r.f.Close); err != nil && r.err == nil {
		r.err = fmt.Errorf("recording: cannot close %s: %w", r.path, err)
	}
	return r.closeErr()
}

// Tee writes every record of in to rec and passes it on. When in closes it
// closes rec and then its output, so a consumer that sees the end knows the
// file is complete, or (a close the disk did not answer within closeWait)
// that an *Unanswered was reported. A write error is reported through
// onErr (which may be nil) as it happens, the timed flush's too (not when a
// next record comes, which a quiet session may never send), and so is a
// disk that keeps a write or a flush closeWait (an *Unanswered, Behind);
// after that, what becomes known is reported too (recorder_outcome.go),
// each report replacing the one before. Records keep flowing, because the
// screen matters more than the file: they are written on a goroutine of
// their own (teeWriter), never waited for here. The output holds one batch: a slow consumer slows the Tee, and
// so the log behind it, whose backlog is weighed and bounded; batches
// parked here would be neither.
func Tee(in <-chan []mcp.Record, rec *Recorder, onErr func(error)) <-chan []mcp.Record {
	out := make(chan []mcp.Record, 1)
	said := &outcome{onErr: onErr}
	w := newTeeWriter(rec, said.report)
	go func() {
		defer close(out)
		lagging := false
		for batch := range in {
			if lagging && w.idle() {
				// Before add: after it the writer is never idle. A
				// slow signal left from the lag is stale.
				lagging = false
				w.drainSlow()
			}
			written := w.add(batch)
			if !lagging {
				// Written first, as long as the disk keeps up: the
				// Log reading the recording back (NewLog) then holds
				// the record as a place in the file, not in memory.
				select {
				case <-written:
				case <-w.slow:
					lagging = true
				}
			}
			out <- batch
		}
		// Bounded: the consumer waiting for the end is a user waiting
		// for their prompt (closeWait).
		said.end(w, w.close(closeWait))
	}()
	return out
}
