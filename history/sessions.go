package history

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// SessionInfo describes one recording for `mcpscope sessions`.
type SessionInfo struct {
	Path     string
	Started  time.Time
	URL      string        // the server, as Header.Server names it
	Duration time.Duration // last record's time - start
	Records  int
	Requests int // requests we sent
	Errors   int // error records and answers carrying an error
	Size     int64
	Note     string // why the file could not be read, or what is damaged in it
	// Client is, for a proxied client's session, the clientInfo it sent
	// ("name version"): the recordings of a proxy otherwise read alike.
	Client string
	// Folded is the kind of sessions a proxy run recorded together
	// (Header.Folded), and Sessions how many there are: each begins its
	// records at Seq 1.
	Folded   string
	Sessions int
	// NotRecording says the file is named like a recording and is none
	// (an export's transcript, exec --json's output), Note saying what
	// it is: listed after the recordings, and never the newest of them.
	NotRecording bool
}

// List describes the recordings (*.jsonl) in dir, newest first, then the
// files named so that are not recordings (SessionInfo.NotRecording). A file that
// cannot be read is listed with a note instead of failing the listing; a
// directory that does not exist yet holds no recordings. Only regular files
// (or links to them) are opened: a FIFO or a device named like a recording
// would block the listing or never end.
func List(dir string) ([]SessionInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		if from := DirFromEnv(dir); from != "" {
			return nil, fmt.Errorf("cannot list recordings in %s: %w (%s)", dir, err, from)
		}
		return nil, fmt.Errorf("cannot list recordings in %s: %w", dir, err)
	}
	var out []SessionInfo
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		if what := notRegular(path, e); what != "" {
			// Listed last, not opened: left out, a user who put a
			// recording there (or a link to one) saw it missing and
			// no reason why.
			info := SessionInfo{Path: path, NotRecording: true, Note: what}
			if fi, err := e.Info(); err == nil {
				// The entry's own time: "0001-01-01" stood in its row.
				info.Started = fi.ModTime()
			}
			out = append(out, info)
			continue
		}
		out = append(out, describe(path))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].NotRecording != out[j].NotRecording {
			return out[j].NotRecording
		}
		if !out[i].Started.Equal(out[j].Started) {
			return out[i].Started.After(out[j].Started)
		}
		return out[i].Path > out[j].Path
	})
	return out, nil
}

// Recordings is the recordings of a listing List made, the files that
// are not recordings left out: what last and a count of recordings take.
func Recordings(infos []SessionInfo) []SessionInfo {
	n := 0
	for n < len(infos) && !infos[n].NotRecording {
		n++
	}
	return infos[:n]
}

// maxClientRecord is how far into a recording the listing looks for the
// request that names a proxied client: its first, or its initialize.
const maxClientRecord = 64

func describe(path string) SessionInfo {
	info := SessionInfo{Path: path}
	fi, err := os.Stat(path)
	if err != nil {
		info.Note = err.Error()
		return info
	}
	info.Size, info.Started = fi.Size(), fi.ModTime()
	r, err := Open(path)
	var newer *newerFormatError
	if errors.As(err, &newer) {
		info.URL, info.Note = newer.h.URL, newer.short()
		if !newer.h.Started.IsZero() {
			info.Started = newer.h.Started
		}
		return info
	}
	if err != nil {
		info.Note = aboutIt(err.Error(), path)
		info.NotRecording = errors.As(err, new(notRecordingError))
		return info
	}
	defer r.Close()
	h := r.Header()
	info.Started, info.URL, info.Folded = h.Started, h.Server(), h.Folded
	var future string
	if h.Started.After(fi.ModTime().Add(24 * time.Hour)) {
		// Begun after its file was last written (the day's grace as for
		// its last record, below): a forged or hand-edited header, or a
		// clock far ahead. Listed by that, it stood first for good, and
		// last named it, not the session just recorded.
		info.Started = fi.ModTime()
		// Short: the listing's rows have room for little more.
		future = fmt.Sprintf("header says %s, after the file's last write: listed by file time", h.Started.UTC().Format("2006-01-02"))
	}
	var last time.Time
	var lastSeq int64
	// clientAt is the record (from 1) that names the client: its
	// initialize, else (2026) its first request.
	proxied, clientAt, clientInit := false, 0, false
	var own ownReconnects // an outage's errors count once, as on the bar
	// reopens follows the listen stream's reopenings of its own, and
	// reopened are the ones sent and not ended yet: neither they nor
	// their failures are counted, as on the bar.
	var reopens listenReopens
	reopened := map[int64]bool{}
	var resultTypes resultTypeSkim
	// probes are the session's server/discover requests, true once a
	// detection probe carried one: an answer refusing it (a Go SDK
	// server's -32022 to a proxied client's probe) is the probe's
	// verdict, as its row says (Log.refusedProbe), not an error.
	probes := map[int64]bool{}
	// refusedFirst are the server/discover requests whose error answer
	// was counted before any POST said they were probes (on a legacy
	// stream the answer can come first).
	refusedFirst := map[int64]bool{}
	// lastError is the newest error's message: one that wraps it whole is
	// the same failure said again (Log.onError).
	var lastError string
	for {
		var s recordSummary
		err := r.skimNext(&s)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			info.Note = err.Error()
			break
		}
		info.Records++
		last = s.Time
		if info.Records == 1 || s.Seq <= lastSeq {
			info.Sessions++
			clear(probes)
			clear(refusedFirst)
			clear(reopened)
			resultTypes.reset()
		}
		if s.Kind == mcp.KindSent && s.RPC != nil && s.RPC.Method == "server/discover" {
			probes[s.Seq] = false
		}
		if s.HTTP != nil && s.HTTP.Purpose == mcp.PurposeProbe {
			if _, ok := probes[s.HTTP.ReqSeq]; ok {
				probes[s.HTTP.ReqSeq] = true
			}
			if refusedFirst[s.HTTP.ReqSeq] {
				// Its refusal came on a legacy stream before this POST,
				// and was counted before the POST said it was a probe.
				delete(refusedFirst, s.HTTP.ReqSeq)
				info.Errors--
			}
		}
		lastSeq = s.Seq
		proxied = proxied || s.HTTP != nil && s.HTTP.Purpose == mcp.PurposeRelay
		if s.Kind == mcp.KindSent && s.RPC != nil && s.RPC.Class == mcp.ClassRequest && info.Records <= maxClientRecord &&
			(clientAt == 0 || s.RPC.Method == "initialize" && !clientInit) {
			clientAt, clientInit = info.Records, s.RPC.Method == "initialize"
		}
		badResultType := resultTypes.see(&s, r.lastLine)
		repeat, verdict, wraps := false, false, false
		switch {
		case s.Kind == mcp.KindState:
			reopens.state(&mcp.StateChange{State: s.State.State, Auto: s.State.Auto, Reopen: s.State.Reopen, Over: s.State.Over})
			st := &mcp.StateChange{State: s.State.State, Conn: s.State.Conn, URL: s.State.URL, Auto: s.State.Auto, Detail: s.State.Detail}
			own.step(own.stateStep(s.Kind, st))
		case s.Kind == mcp.KindError && s.Error != nil:
			e := &mcp.ErrorInfo{Op: s.Error.Op, Purpose: s.Error.Purpose, Status: s.Error.Status, ReqSeq: s.Error.ReqSeq, Cause: s.Error.Cause, Reconnecting: s.Error.Reconnecting}
			wasOn := own.on
			own.step(own.errorStep(e))
			repeat, verdict = e.ReqSeq == 0 && own.repeat(e, wasOn), ProbeVerdict(e)
			wraps = e.ReqSeq == 0 && wrapsWhole(s.Error.Message, lastError)
			lastError = s.Error.Message
		}
		switch {
		case s.Kind == mcp.KindError && s.Error != nil && reopened[s.Error.ReqSeq]:
			// A listen stream reopened on its own failing again.
			delete(reopened, s.Error.ReqSeq)
		case s.Kind == mcp.KindError && s.Error != nil && (verdict || repeat || wraps || s.Error.Op == mcp.OpCancelled && s.Error.ReqSeq != 0 || s.Error.Cause == mcp.CauseDeclined || s.Error.Cause == mcp.CauseRedirected):
			// Counted as the TUI counts it: every session of a 2025
			// server was listed with an error for its answered probe, and
			// a refused connect with two; an outage with an error for
			// each reconnect of its own; a request the user cancelled
			// (x), which the bar reads cancelled, not failed; a 2026
			// sampling the user declined, which it reads declined; a
			// proxied client's message it followed a redirect with,
			// which it reads redirected; a forced transport's refused
			// handshake, which wraps the POST's own failure whole.
		case s.Kind == mcp.KindError:
			info.Errors++
		case s.RPC == nil:
		case s.Kind == mcp.KindSent && s.RPC.Class == mcp.ClassRequest && reopens.request(s.RPC.Method, s.RPC.UserStream):
			reopened[s.Seq] = true
		case s.Kind == mcp.KindSent && s.RPC.Class == mcp.ClassRequest:
			info.Requests++
		case s.Kind == mcp.KindReceived && s.RPC.Class == mcp.ClassResponse && reopened[s.RPC.ReqSeq]:
			delete(reopened, s.RPC.ReqSeq)
		case badResultType:
			// Its resultType failed the row, as Pairs and the export
			// say, with no error record beside it.
			info.Errors++
		case s.Kind == mcp.KindReceived && s.RPC.Class == mcp.ClassResponse && (s.RPC.RPCError || s.RPC.ToolError) && !probes[s.RPC.ReqSeq]:
			// Not a late one: the request it answers had already ended
			// (cancelled, timed out), and the bar counts that row once.
			info.Errors++
			if _, discover := probes[s.RPC.ReqSeq]; discover {
				refusedFirst[s.RPC.ReqSeq] = true
			}
		}
	}
	// A record stamped after the file was last written (a day's grace for
	// a recording copied from a machine whose clock ran ahead) is a clock
	// that jumped or an edited file: its session was listed as lasting
	// "2562047h47m16.854775807s", widening the table, where "-" says the
	// length cannot be told.
	if !last.IsZero() && last.After(info.Started) && last.Before(fi.ModTime().Add(24*time.Hour)) {
		info.Duration = last.Sub(info.Started)
	}
	if proxied && clientAt > 0 && info.Folded == "" {
		info.Client = clientOf(path, clientAt)
	}
	if r.warnings.last != "" && info.Note == "" {
		info.Note = r.warnings.last
	}
	if info.Note == "" {
		info.Note = r.endNote()
	}
	if info.Note == "" {
		info.Note = future
	}
	return info
}

// clientOf is the clientInfo ("name version") that record n (from 1) of
// the recording at path sends, "" when it names none. The records before
// it are skimmed, as the listing reads them; only that request is read
// whole.
func clientOf(path string, n int) string {
	r, err := Open(path)
	if err != nil {
		return ""
	}
	defer r.Close()
	for i := 1; i < n; i++ {
		var s recordSummary
		if r.skimNext(&s) != nil {
			return ""
		}
	}
	rec, err := r.Next()
	if err != nil || rec.RPC == nil {
		return ""
	}
	var idx negotiationIndex
	idx.sentRequest(rec.RPC)
	return strings.TrimSpace(idx.clientInfo.name + " " + idx.clientInfo.version)
}

// aboutIt is a note that opens with the recording's path said as "it": the
// listing shows the path under the row already, and the path said again
// took the columns the reason needed ("(/home/ann/.local/state/mcpscope/
// sessions/2026-11-26T10-56-15_local…").
func aboutIt(note, path string) string {
	if rest, ok := strings.CutPrefix(note, path+" "); ok {
		return "it " + rest
	}
	return note
}
