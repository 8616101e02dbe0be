package history

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// RerunFile is a recording opened for a re-run (replay --against): read
// once to plan, then each request and its recorded answer read back from
// the file when its turn comes. It keeps where those lines are, a few
// dozen bytes a request, and nothing of the other records (the events,
// most of a recording).
type RerunFile struct {
	src      *source // the file, read back a line at a time; its index is not used
	red      *redactor
	plan     *rerunPlan
	refs     []heldRef // by the plan's positions
	buf      []byte
	header   Header
	warnings []string
}

// heldRef is where a record the re-run reads back is, and the event before
// it, whose data a message's bytes may be kept in (raw_of); event.size is
// 0 when no event came before it.
type heldRef struct {
	line, event lineRef
}

// OpenRerun reads the recording at path once and keeps what a re-run
// needs of it.
func OpenRerun(path string) (*RerunFile, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	r.dec.noFacts = true
	red, err := r.legacy()
	if err != nil {
		return nil, err
	}
	src, err := openSource(path)
	if err != nil {
		return nil, err
	}
	f := &RerunFile{src: src, red: red, plan: newRerunPlan(), header: r.Header()}
	var event lineRef
	// sessions counts the sessions a proxy run's fold holds, each begun
	// by a seq that does not follow the last, as the sessions listing
	// counts them.
	sessions, lastSeq := 0, int64(0)
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			src.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if sessions == 0 || rec.Seq <= lastSeq {
			sessions++
		}
		lastSeq = rec.Seq
		ref := readRef(r, rec.Seq, rec.Time)
		if f.plan.see(len(f.refs), &rec); f.plan.held {
			f.refs = append(f.refs, heldRef{line: ref, event: event})
		}
		if rec.Kind == mcp.KindEvent {
			event = ref
		}
	}
	if f.header.Folded != "" && sessions > 1 {
		// Its clients' requests were sent as one session's, every
		// initialize again in it, and each answer compared with another
		// client's whose request had the same seq.
		src.Close()
		return nil, fmt.Errorf("%s holds %s, recorded together by a proxy run: a re-run sends one client's session, so it cannot re-run them; replay it without --against, or export it, to read them", path, foldWords(f.header.Folded, sessions))
	}
	f.warnings = r.Warnings()
	return f, nil
}

// record reads back the record at the plan's position pos, as Reader.Next
// gave it but for the answer's notes (decoder.noFacts).
func (f *RerunFile) record(pos int) (*mcp.Record, error) {
	ref := f.refs[pos]
	d := decoder{noFacts: true}
	read := ref.line
	if ref.event.size != 0 && ref.event.off+int64(ref.event.size) == ref.line.off {
		// The event that carries an answer's bytes (raw_of) is the line
		// right before it: both are read at once, in order, as a Reader
		// reads them.
		read = lineRef{off: ref.event.off, size: ref.event.size + ref.line.size, line: ref.event.line}
	} else {
		d.find = func(seq int64) (string, error) { return f.eventData(ref.event, seq) }
	}
	lines, err := f.src.readLine(read, &f.buf)
	if err != nil {
		return nil, err
	}
	line := lines
	if read != ref.line {
		event := trimLineEnd(lines[:ref.event.size])
		if ev, err := d.decode(event); err != nil || ev.Event == nil || ev.Seq != ref.event.seq {
			return nil, fmt.Errorf("%s: line %d, the event record %d, no longer reads back", f.src.path, ref.event.line, ref.event.seq)
		}
		line = lines[ref.event.size:]
	}
	rec, err := f.src.decodeBack(ref.line, line, &d, &f.buf)
	if err != nil {
		return nil, err
	}
	rec = shown(f.red, rec)
	return &rec, nil
}

// eventData is the data of the event at ref, which a message's raw_of
// names by seq: only the event right before the message may hold it.
func (f *RerunFile) eventData(ref lineRef, seq int64) (string, error) {
	if ref.size == 0 || ref.seq != seq {
		return "", fmt.Errorf("raw_of names record %d, which is not the event before it", seq)
	}
	var buf []byte
	line, err := f.src.readLine(ref, &buf)
	if err != nil {
		return "", err
	}
	ev, err := (&decoder{}).decode(line)
	if err != nil || ev.Event == nil {
		return "", fmt.Errorf("%s: line %d, the event record %d, no longer reads back", f.src.path, ref.line, seq)
	}
	return string(ev.Event.Data), nil
}

// Header is the recording's header.
func (f *RerunFile) Header() Header { return f.header }

// ServerName is the name the recorded server gave itself in its answer to
// the handshake that opened the session (serverInfo.name), "" when the
// recording holds no such answer or it names none: a recording of
// mcpscope demo-server, run on its own, is a recording of the demo
// gateway whatever its header says.
func (f *RerunFile) ServerName() string {
	opened, method := f.plan.opening()
	pos, ok := f.plan.answers[opened]
	if opened == 0 || !ok {
		return ""
	}
	rec, err := f.record(int(pos))
	if err != nil || rec.RPC == nil {
		return ""
	}
	// Depth 4 reaches a 2026 answer's name: result, _meta, serverInfo, name.
	doc, err := jsonspan.Parse(bytesOf(string(rec.RPC.Raw)), jsonspan.Limits{Depth: 4})
	if err != nil {
		return ""
	}
	name, _ := serverInfoOf(doc.Root().Get("result"), method).Get("name").Text()
	return name
}

// Warnings are what is wrong with the recording (lines that could not be
// read, a cut-short end), as Reader.Warnings says them.
func (f *RerunFile) Warnings() []string { return f.warnings }

// Answers answers, in a re-run, what the live server asks of the user
// with what the user answered in the recording, so a session whose tool
// asked for a form or a sampled message re-runs to the same end instead of
// stopping at the question. The answers are taken in the order they were
// given, per method: a server request's reply in the 2025 eras, and the
// inputResponses of a later round of a 2026 multi round-trip request,
// where the key the server chose is matched first. An answer is given only
// to the question it answered (the same params, as question reads them): a
// live server that asks something else (another form, a message to sample
// that was never shown to the user) is not handed what the user typed for
// another question, and the re-run shows where it went another way. It
// returns nil when the recording answered nothing: the re-run then
// declares no more than the recorded session could do.
func (f *RerunFile) Answers() mcp.Answerer { return f.plan.answerer() }

// Roots are the roots the recorded client offered at the start of the
// session: what it answered to the first roots/list before it changed its
// roots. ok is false when the recording answered no roots/list there, so
// nothing says what it offered.
func (f *RerunFile) Roots() (roots []mcp.Root, ok bool) {
	return f.plan.roots.initial, f.plan.roots.hasInitial
}

// ClientCapabilities are what the recorded client declared as it opened
// the session, nil when nothing says: the re-run's session declares them
// (mcp.Config.ClientCapabilities), in either era.
func (f *RerunFile) ClientCapabilities() json.RawMessage {
	return f.plan.shakeCaps
}

// Rerun re-runs the recording on s (see rerun) for a live session that
// was given credentials: opts.Tokens (its bearer token, its Authorization headers)
// and the password of url, the URL it connects to. A server that echoes
// one (a "whoami" tool, an error quoting the header) is common; its
// recording holds the echo redacted, while the live answer holds the
// secret. Compared as they are, every such answer would differ by the
// redaction alone, and the report, often a CI job's log, would print the
// live secret. So both answers of every comparison have those credentials
// replaced as a recording replaces them before they are compared and
// reported. each is given every result as soon as it is judged, before
// the next request is sent, so a caller can print it at once; the summary
// counts them. Its error is a record that no longer reads back (the file
// changed under the re-run).
func (f *RerunFile) Rerun(ctx context.Context, s Sender, ignore []string, opts RecordOptions, url string, each func(RerunResult)) (RerunSummary, error) {
	var sum RerunSummary
	err := rerun(ctx, f, f.plan, s, ignore, newRedactor(opts, url), func(r RerunResult) {
		sum.Add(r)
		each(r)
	})
	sum.probes, sum.ownListens, sum.inputRounds = f.plan.probesNotSent(), f.plan.ownListens, f.plan.inputRounds
	sum.redirected = f.plan.redirectedNotSent()
	sum.proxied = f.plan.proxied
	return sum, err
}

// Close releases the recording.
func (f *RerunFile) Close() error { return f.src.Close() }
