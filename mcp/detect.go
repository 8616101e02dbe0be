package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Detection, as PROTOCOL.md describes it, in order:
//
//  1. POST server/discover with the 2026 headers and _meta. An answer that
//     lists 2026-07-28 means the stateless era; a recognized modern error
//     (-32022 with data.supported, -32020, -32021) means a modern server
//     whose answer decides: no falling back to initialize unless it says
//     it speaks only the older versions.
//  2. POST initialize with Accept: application/json, text/event-stream. An
//     answer means streamable HTTP with sessions.
//  3. If that gets 400, 404, 405 or 501 (or is no MCP answer at all), GET the URL
//     expecting an event stream whose first event is `endpoint`: legacy
//     HTTP+SSE.
//
// A URL whose path ends in /sse starts at step 3 and tries step 2 after it,
// since some hosts answer old /sse URLs with a streamable handler; a bare
// base URL means /mcp for step 2 and /sse for step 3 (the Docker gateway's
// two paths). A URL with another path where every probe found nothing
// (404) is taken as a base with a path (a server given a base path of its
// own, such as mcp-go's WithStaticBasePath, or mounted under a prefix):
// steps 1 to 3 are tried again at PATH/mcp and PATH/sse. Config.Transport
// skips detection. Every probe is an ordinary record, and one Detect record
// names the transport chosen and why.

// candidate is one transport to try at one URL.
type candidate struct {
	transport string
	url       *url.URL
	// under is a candidate below the URL the user gave, tried only when
	// nothing at all was found at that URL.
	under bool
}

// plan lists the candidates in the order detection tries them. A pinned
// protocol version rules out the other era's transports.
func (s *Session) plan() []candidate {
	u := s.target
	sseURL, mcpURL := u, u
	if isBare(u) {
		sseURL, mcpURL = withPath(u, "/sse"), withPath(u, "/mcp")
	}
	switch s.cfg.Transport {
	case TransportSSE:
		return []candidate{{transport: TransportSSE, url: sseURL}}
	case TransportStreamable:
		return []candidate{{transport: TransportStreamable, url: mcpURL}}
	case TransportStateless:
		return []candidate{{transport: TransportStateless, url: mcpURL}}
	}
	pinned := s.cfg.Protocol
	modernOK, olderOK := pinned == "" || IsModern(pinned), pinned == "" || !IsModern(pinned)
	var out []candidate
	add := func(ok bool, c candidate) {
		if ok {
			out = append(out, c)
		}
	}
	if strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/sse") {
		add(olderOK, candidate{transport: TransportSSE, url: u})
		add(modernOK, candidate{transport: TransportStateless, url: u})
		add(olderOK, candidate{transport: TransportStreamable, url: u})
		return out
	}
	add(modernOK, candidate{transport: TransportStateless, url: mcpURL})
	add(olderOK, candidate{transport: TransportStreamable, url: mcpURL})
	add(olderOK, candidate{transport: TransportSSE, url: sseURL})
	if p := strings.TrimSuffix(u.Path, "/"); !isBare(u) && !strings.HasSuffix(p, "/mcp") {
		add(modernOK, candidate{transport: TransportStateless, url: withPath(u, p+"/mcp"), under: true})
		add(olderOK, candidate{transport: TransportStreamable, url: withPath(u, p+"/mcp"), under: true})
		add(olderOK, candidate{transport: TransportSSE, url: withPath(u, p+"/sse"), under: true})
	}
	return out
}

// nothingFound reports whether every probe so far was answered 404: the
// URL names no MCP endpoint, though it may be the base of some.
func nothingFound(attempts []Attempt) bool {
	for _, a := range attempts {
		if a.Status != http.StatusNotFound {
			return false
		}
	}
	return len(attempts) > 0
}

// newTransport makes the transport a candidate names.
func (s *Session) newTransport(c candidate) transport {
	switch c.transport {
	case TransportSSE:
		return newLegacy(s, c.url)
	case TransportStateless:
		return newStateless(s, c.url)
	}
	return newStreamable(s, c.url)
}

// Connect finds the server's transport (or uses the one configured) and
// opens it: legacy opens its stream and waits for the endpoint; streamable
// initializes a session.
func (s *Session) Connect(ctx context.Context) error {
	if s.urlErr != nil {
		return &WireError{Cause: CauseNotConnected, Message: s.urlErr.Error(), Err: s.urlErr}
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.mu.Unlock()
	// Detection still probing is started over, not reconnected: the
	// transport it is trying was not chosen (detect_restart.go).
	if !s.stopDetect(ctx) {
		return ctx.Err()
	}
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	if tr == nil {
		return s.detect(ctx)
	}
	// Detection may have finished before it could be stopped: the
	// transport it chose is reconnected, as it would have been a moment
	// later.
	err := tr.reconnect(ctx)
	if err == nil || s.cfg.Transport != TransportAuto || ctx.Err() != nil || !notServed(err) {
		return err
	}
	// The transport detection chose is not served here any more (a
	// gateway restarted with another transport answers 404 where it
	// answered): detection finds what the URL serves now, rather than
	// have every r fail alike.
	s.mu.Lock()
	if s.tr == tr {
		s.tr = nil
	}
	s.mu.Unlock()
	tr.close()
	return s.detect(ctx)
}

// Reconnect drops the current connection and opens a new one: a new legacy
// stream (a new session that has not been initialized), or a new
// streamable session.
func (s *Session) Reconnect(ctx context.Context) error { return s.Connect(ctx) }

func (s *Session) detect(ctx context.Context) error {
	ctx, run := s.startDetect(ctx)
	defer s.finishDetect(run)
	cands := s.plan()
	forced := s.cfg.Transport != TransportAuto
	var attempts []Attempt
	var lastErr, closest error
	// stoppedAt is the transport whose probe met a failure that ended
	// detection before every candidate was tried.
	var stoppedAt string
	// failedAt and closestAt index the attempts that met lastErr and
	// closest; untried names the transports a stop left untried.
	var failedAt, closestAt int
	var untried []string
	// unusable is how a server/discover answered 2xx failed to open a
	// 2026 session (an empty supportedVersions, a page that is no
	// JSON-RPC), for an initialize then refused as unknown to say.
	var unusable error
	// silent is how a server/discover that got no status failed (no
	// answer within the wait, a connection dropped), for the same
	// initialize to say: without it the failure names initialize alone.
	var silent error
	// stalled says a probe's answer began and stopped mid-way: something
	// at the URL answers, stuck, which a verdict of no transport, or of
	// no answer, must not advise as a wrong URL or port.
	stalled := false
	for i, c := range cands {
		tr := s.newTransport(c)
		s.mu.Lock()
		s.tr = tr
		s.probing, s.trying = !forced, forced
		s.probes = nil
		s.mu.Unlock()
		setQuiet(tr, !forced)
		err := tr.open(ctx)
		setQuiet(tr, false)
		s.mu.Lock()
		s.probing, s.trying = false, false
		tried := s.probes
		s.mu.Unlock()
		if len(tried) == 0 {
			// A forced transport is not probed: its opening request
			// stands for the attempt.
			method := http.MethodPost
			if c.transport == TransportSSE {
				method = http.MethodGet
			}
			tried = []Attempt{{Transport: c.transport, Method: method, URL: c.url.String()}}
			var we *WireError
			if errors.As(err, &we) && we.Status != 0 {
				// What it answered, as a probe's line says it: the
				// failure it met is the session's own error record,
				// shown whole once, not quoted again on this line.
				tried[0].Status, tried[0].ContentType = we.Status, we.Header["Content-Type"]
			}
		}
		last := &tried[len(tried)-1]
		last.Verdict = verdict(c, err, last.Status != 0)
		if err != nil {
			last.Cause = CauseOf(err)
		}
		// The probe answered in kind, the rest of the handshake refused:
		// the transport is the server's, so the refusal says why it did
		// not open, and the next transport is not worth trying.
		refusedAfter := last.HandshakeRefused()
		if we := (*WireError)(nil); refusedAfter && errors.As(err, &we) {
			last.Verdict = fmt.Sprintf("answered, then its handshake was refused (%d): %s here", we.Status, TransportWords(c.transport))
		}
		switch c := weighed(CauseOf(err)); {
		case err == nil || last.Status != 0:
		case last.Err == "", forced, c == CauseConnectTimeout, c == CauseEndpointTimeout:
			// No answer came in time, so what the HTTP client says
			// ("context canceled") says less than why detection gave up.
			// A forced transport's failure is the session's own error
			// record, which its attempt's line then does not quote again.
			last.Err = err.Error()
		}
		attempts = append(attempts, tried...)
		if err == nil {
			if forced {
				// Nothing was probed: the reason says so, and the
				// session's own records show how it opened.
				attempts = nil
			}
			s.emit(Record{Kind: KindDetect, Detect: &Detection{Transport: c.transport, URL: tr.url(), Forced: forced,
				Reason: chosenReason(c, attempts, forced), Attempts: attempts}})
			return nil
		}
		lastErr, failedAt = err, len(attempts)-1
		if c.transport == TransportStateless && last.Status >= 200 && last.Status < 300 {
			unusable = err
		}
		if c.transport == TransportStateless && last.Status == 0 {
			silent = err
		}
		if we := (*WireError)(nil); errors.As(err, &we) && we.Met == MetStalled {
			stalled = true
		}
		if closest != nil {
			closest = alsoTimedOut(closest, err)
		}
		if last.Status >= 200 && last.Status < 300 && closest == nil && inKind(err) {
			// The server answered this probe in kind (an event stream, a
			// JSON answer) and then failed: that failure says the most.
			// A refused server/discover only sends detection on to the
			// initialize era; what fails there says more.
			closest, closestAt = err, len(attempts)-1
		}
		if ctx.Err() != nil || forced || i == len(cands)-1 {
			break
		}
		if !fallThrough(err) || refusedAfter {
			stoppedAt = c.transport
			for _, u := range cands[i+1:] {
				if w := TransportWords(u.transport); !slices.Contains(untried, w) {
					untried = append(untried, w)
				}
			}
			break
		}
		if cands[i+1].under && !c.under && !nothingFound(attempts) {
			break
		}
	}
	s.mu.Lock()
	s.tr = nil
	s.mu.Unlock()
	if run.stopped.Load() {
		// A reconnect started detection over: what this one found is
		// not news, and a verdict from it would land after the new
		// detection's first probe.
		return context.Canceled
	}
	d := &Detection{Forced: forced, Attempts: attempts, Reason: failedReason(attempts, lastErr, forced, -1, nil)}
	err := lastErr
	failedOn := failedAt
	switch {
	case closest != nil:
		err, failedOn = closest, closestAt
	case len(attempts) > 1 && fallThrough(lastErr):
		cause := CauseNoTransport
		if unanswered(attempts) {
			// Nothing was refused, so the URL is not what is wrong: the
			// server took every connection and said nothing.
			cause = CauseConnectTimeout
		}
		we := &WireError{Cause: cause, Message: d.Reason, Err: lastErr}
		if stalled {
			we.Met = MetStalled
		}
		if prev, ok := lastErr.(*WireError); ok {
			we.takeAnswer(prev)
		}
		err, failedOn = we, -1
	}
	if we, ok := err.(*WireError); ok && we.Cause == CauseNoInitialize && (unusable != nil || silent != nil) {
		// Each probe alone blames the other era; together they say the
		// server is of neither, as it answers (or, given longer, might
		// be of 2026 after all).
		both := *we
		if unusable != nil {
			both.Message += "; yet its server/discover answer did not open a 2026 session either (" + unusable.Error() + ")"
		} else {
			both.Message += "; yet its server/discover got no answer either (" + silent.Error() + ")"
		}
		err = &both
		lastErr = err
	}
	if we, ok := err.(*WireError); ok && stoppedAt != "" && err == lastErr {
		// Advice may name a way past the probe that stopped detection
		// (a server failing only on server/discover still initializes):
		// a copy, since the transport may hold the error it returned.
		stopped := *we
		stopped.Probe = stoppedAt
		err = &stopped
	}
	if we, ok := err.(*WireError); ok && !we.Overridden {
		if said := overriddenWords(s.cfg.Header, attempts); said != "" {
			// The user's -H is what every probe was refused for, where
			// the message alone sent them to check the URL.
			told := *we
			told.Message += said
			told.Overridden = true
			err = &told
		}
	}
	if !forced && failedOn >= 0 && ctx.Err() == nil {
		// The failure is the session's own error record, shown whole
		// with its advice: the reason names the attempt it ended, as the
		// forced reason does, and says what only it can, what was tried
		// and what was left untried, rather than quote the failure again.
		d.Reason = failedReason(attempts, err, forced, failedOn, untried)
		d.Untried = untried
	}
	s.emit(Record{Kind: KindDetect, Detect: d})
	if ctx.Err() == nil {
		// Nothing retries a detection that failed: the session says so
		// rather than look as if it were still starting.
		s.emit(Record{Kind: KindState, State: &StateChange{State: StateFailed, URL: s.target.String(), Detail: d.Reason}})
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if !forced || CauseOf(err) == CauseModernOnly || CauseOf(err) == CauseNoInitialize || failedAt < len(attempts) && attempts[failedAt].HandshakeRefused() {
		// A forced transport logged its own failure, except a refusal
		// that came as a JSON-RPC answer: no transport logs that. Nor
		// does one say which message of the handshake was refused: the
		// POST's own failure reads as the opening's (the pane drops the
		// one this wraps).
		s.emitError(connectOp(err), err, 0, 0)
	}
	return err
}

// inKind reports whether a probe that failed after a 2xx was answered in
// its transport's kind. A refused server/discover only sends detection on
// to the initialize era, and a page of another type (a /health "ok", a
// web page) answers no transport: taken as the answer that says the most,
// it hid every other probe behind "not an event stream", advising the
// --transport auto detection had just used. A page of another type that
// is the request's own JSON-RPC result is in kind, though: only its label
// is wrong, which "check the URL" would not lead its reader to.
func inKind(err error) bool {
	if we := (*WireError)(nil); errors.As(err, &we) && we.Mislabelled {
		return true
	}
	switch weighed(CauseOf(err)) {
	case CauseNotModern, CauseNotEventStream, CauseBadContentType:
		return false
	}
	return true
}

// unanswered reports whether no probe got an HTTP answer at all.
func unanswered(attempts []Attempt) bool {
	for _, a := range attempts {
		if a.Status != 0 {
			return false
		}
	}
	return true
}

// connectOp is the op a failure to connect is logged under: negotiating
// once a stream opened, connecting before.
func connectOp(err error) string {
	switch weighed(CauseOf(err)) {
	case CauseEndpointTimeout, CauseNoEndpoint, CauseBadEndpoint, CauseCrossOrigin, CauseBadScheme:
		return OpNegotiate
	}
	return OpConnect
}

// setQuiet tells a transport whether its failures are probe verdicts.
func setQuiet(tr transport, quiet bool) {
	switch t := tr.(type) {
	case *legacy:
		t.quiet = quiet
	case *streamable:
		t.setQuiet(quiet)
	}
}

// fallThrough reports whether a failed probe says "not this transport here"
// (so the next one is worth trying) rather than a failure every transport
// would meet (the host is down, the token is wrong).
func fallThrough(err error) bool {
	var we *WireError
	if !errors.As(err, &we) {
		return false
	}
	switch weighed(we.Cause) {
	case CauseNotEventStream, CauseNoEndpoint, CauseEndpointTimeout, CauseConnectTimeout, CauseBadContentType, CauseNotJSONRPC, CauseNoResponse, CauseNotModern:
		return true
	case CauseStatus:
		switch we.Status {
		case http.StatusBadRequest, http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusNotAcceptable, http.StatusUnsupportedMediaType,
			// 501: the server takes no POST at all (a static file
			// server such as python3 -m http.server), or not this
			// method: no server error to read logs for.
			http.StatusNotImplemented:
			return true
		}
	}
	return false
}

// notServed reports whether a failed reconnect says the transport is not
// served at its URL any more (refused by status, or answered in another
// transport's kind), as opposed to a server that is slow or gone, which
// detection would only wait on once per candidate.
func notServed(err error) bool {
	switch weighed(CauseOf(err)) {
	case CauseConnectTimeout, CauseEndpointTimeout, CauseNoResponse:
		return false
	}
	return fallThrough(err)
}

// emitHTTP logs an HTTP exchange and, while detection probes, keeps a
// summary of it for the Detect record.
func (s *Session) emitHTTP(ex *HTTPExchange) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	seq := s.emit(Record{Kind: KindHTTP, HTTP: ex})
	// A forced transport is not probed, but its opening exchange (the
	// initialize POST, the GET) is what its attempt answered: taken from
	// the failure instead, a refusal of a later message of the handshake
	// read as the opening's own status.
	if s.tr != nil && (s.probing && (ex.Purpose == PurposeProbe || ex.Purpose == PurposeStream) || s.trying && len(s.probes) == 0) {
		a := Attempt{Transport: s.tr.name(), Method: ex.Method, URL: ex.URL, Status: ex.Status, Err: ex.Err, Seq: seq}
		if ct := RecordedHeader(ex.Headers, "Content-Type"); ct != "" {
			a.ContentType = ct
		}
		a.Body = clip.Marked(string(ex.Body), 160)
		s.probes = append(s.probes, a)
	}
	return seq
}
