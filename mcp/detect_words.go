package mcp

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// verdict says in a few words what a probe showed; answered says whether
// any HTTP answer came, since a stream that never sent its headers was not
// seen to be anything.
func verdict(c candidate, err error, answered bool) string {
	if err == nil {
		switch c.transport {
		case TransportSSE:
			return "an event stream with an endpoint event: legacy HTTP+SSE"
		case TransportStateless:
			return "server/discover answered: stateless HTTP (2026-07-28)"
		}
		return "initialize answered: streamable HTTP"
	}
	var we *WireError
	if errors.As(err, &we) {
		switch weighed(we.Cause) {
		case CauseStatus:
			if !fallThrough(err) {
				// A 500 or a 401 says nothing of the transport: detection
				// stops on it, and the verdict does not guess.
				return fmt.Sprintf("answered %d", we.Status)
			}
			return fmt.Sprintf("answered %d: not %s here", we.Status, TransportWords(c.transport))
		case CauseNotEventStream:
			return "not an event stream: not legacy HTTP+SSE here"
		case CauseEndpointTimeout, CauseNoEndpoint:
			if !answered && we.Met == MetStalled {
				// The advice points at this line: it must say so.
				return "no answer in time: " + getHeadStalled
			}
			if !answered {
				return "no answer in time"
			}
			return "no endpoint event: not legacy HTTP+SSE here"
		case CauseConnectTimeout:
			var te *TimeoutError
			if errors.As(err, &te) && te.Met() != "" {
				// Something came: an answer begun, or a stream
				// opened and kept open, is no silent probe.
				return "no answer in time: " + te.WhatCame()
			}
			return "no answer in time"
		case CauseUnreachable:
			return "no connection"
		case CauseDropped:
			return "closed without an answer"
		case CauseBadHTTP:
			return "an answer that is not HTTP"
		case CauseNotModern:
			return we.Message
		case CauseModernRefused, CauseModernNewer:
			return "a 2026 server refused it: " + we.Message
		case CauseBadContentType, CauseNotJSONRPC:
			if ct, ok := we.Header["Content-Type"]; ok && we.Cause == CauseBadContentType && we.Status != 0 {
				// The label is what was wrong: a body that was a
				// JSON-RPC answer, sent with no Content-Type, read
				// as "no JSON-RPC answer" and puzzled its reader.
				if we.Mislabelled {
					return fmt.Sprintf("answered %d with its JSON-RPC result, but %s: only the label is wrong", we.Status, labelWords(ct))
				}
				if ct == "" {
					return fmt.Sprintf("answered %d with no Content-Type: not %s here", we.Status, TransportWords(c.transport))
				}
				return fmt.Sprintf("answered %d with Content-Type %q, neither JSON nor an event stream: not %s here", we.Status, ct, TransportWords(c.transport))
			}
			return "no JSON-RPC answer: not " + TransportWords(c.transport) + " here"
		}
	}
	return "failed: " + err.Error()
}

// labelWords says what a Content-Type the wire recorded was, for a verdict.
func labelWords(ct string) string {
	if ct == "" {
		return "with no Content-Type"
	}
	return fmt.Sprintf("with Content-Type %q", ct)
}

// TransportWords names a transport for a person: "legacy HTTP+SSE",
// "streamable HTTP", "stateless HTTP (2026-07-28)".
func TransportWords(t string) string {
	switch t {
	case TransportSSE:
		return "legacy HTTP+SSE"
	case TransportStreamable:
		return "streamable HTTP"
	case TransportStateless:
		return "stateless HTTP (2026-07-28)"
	}
	return t
}

// chosenReason is the one sentence the Negotiation pane shows.
func chosenReason(c candidate, attempts []Attempt, forced bool) string {
	if forced {
		return fmt.Sprintf("transport %s asked for: detection skipped; %s at %s", c.transport, TransportWords(c.transport), c.url)
	}
	var why string
	switch c.transport {
	case TransportSSE:
		why = fmt.Sprintf("GET %s opened an event stream whose first event named the POST endpoint: legacy HTTP+SSE", c.url)
	case TransportStateless:
		why = fmt.Sprintf("POST server/discover to %s was answered with 2026-07-28 among its versions: stateless HTTP", c.url)
	default:
		why = fmt.Sprintf("POST initialize to %s was answered: streamable HTTP", c.url)
	}
	if len(attempts) > 1 {
		var before []string
		for _, a := range attempts[:len(attempts)-1] {
			if a.Verdict != "" { // a step on the way to a verdict
				before = append(before, a.Label()+": "+a.Verdict)
			}
		}
		why = strings.Join(before, "; ") + "; so " + why
	}
	return why
}

// UntriedWords says which transports detection left untried, as the end
// of a sentence: "legacy HTTP+SSE was not tried", "streamable HTTP and
// legacy HTTP+SSE were not tried".
func UntriedWords(untried []string) string {
	verb := " was not tried"
	if len(untried) > 1 {
		verb = " were not tried"
	}
	return strings.Join(untried, " and ") + verb
}

// failedReason names every attempt when nothing worked; a forced
// transport was the only one tried, and is named as such (what it met is
// said by its attempt and by the error the session records). The attempt
// at index said met the failure the session records whole: it is named
// as failed, not quoted (unless its verdict is that nothing answered), and
// untried names the transports its stop left untried.
func failedReason(attempts []Attempt, err error, forced bool, said int, untried []string) string {
	if len(attempts) == 0 {
		return "no transport was tried: " + err.Error()
	}
	if plain := plainWebServer(attempts); plain != "" && !forced && len(untried) == 0 {
		return plain
	}
	var parts []string
	for i, a := range attempts {
		switch {
		case i == said && (a.Status != 0 || strings.HasPrefix(a.Verdict, "failed: ")):
			// Its status is on its own line, its failure the
			// session's error: "failed" is what is left to say. A
			// verdict of no answer (closed, no connection) is the
			// status itself, and stays.
			parts = append(parts, a.shortLabel()+": failed")
		case a.Verdict != "": // a step on the way to a verdict
			parts = append(parts, a.shortLabel()+": "+a.Verdict)
		}
	}
	if len(untried) > 0 {
		parts = append(parts, "detection stopped there, so "+UntriedWords(untried))
	}
	if forced && len(attempts) > 0 {
		// What went wrong is the session's own error record and the
		// attempt's line; the reason says what only it can: that this
		// was the one transport tried, because it was asked for.
		return "transport " + attempts[0].Transport + " asked for: detection skipped, so no other transport was tried"
	}
	if a := attempts[len(attempts)-1]; a.HandshakeRefused() {
		// The transport was found: "no transport worked" sent the
		// reader looking for another URL.
		return a.HandshakeWords() + ": " + strings.Join(parts, "; ")
	}
	return "no transport worked: " + strings.Join(parts, "; ")
}

// plainWebServer is the verdict when every probe met a web page, not MCP
// (python3 -m http.server): "127.0.0.1:8000 answers HTTP but no MCP: an
// HTML page to every probe (501 ×2, 404)". The probes' own words said it
// in fourteen rows of 80 columns, each URL again, and twice on the TUI's
// screen; each probe's line still says what it met. "" otherwise. Only a
// page that says the path or the method is not served (404, 405, 501)
// counts: a gateway's 502 page, a 500, or a login page (200, 401) is a
// server that may well serve MCP, whose own words and advice say more.
func plainWebServer(attempts []Attempt) string {
	if len(attempts) < 2 {
		return ""
	}
	// Each status once, in the order first met, with how many probes met
	// it: "(404, 404, 404, 404, 404, 404)" is "(404 ×6)".
	var statuses []int
	times := map[int]int{}
	for _, a := range attempts {
		mt, _, _ := strings.Cut(a.ContentType, ";")
		notServed := a.Status == http.StatusNotFound || a.Status == http.StatusMethodNotAllowed || a.Status == http.StatusNotImplemented
		if !notServed || a.HandshakeRefused() || !strings.EqualFold(strings.TrimSpace(mt), "text/html") {
			return ""
		}
		if times[a.Status]++; times[a.Status] == 1 {
			statuses = append(statuses, a.Status)
		}
	}
	said := make([]string, len(statuses))
	for i, st := range statuses {
		said[i] = strconv.Itoa(st)
		if times[st] > 1 {
			said[i] += " ×" + strconv.Itoa(times[st])
		}
	}
	host := attempts[0].URL
	if u, err := url.Parse(host); err == nil && u.Host != "" {
		host = u.Host
	}
	return host + " answers HTTP but no MCP: an HTML page to every probe (" + strings.Join(said, ", ") + ")"
}

// alsoTimedOut is closest, the failure detection reports, saying that a
// later probe (err) ran out of the connection timeout too: a server that
// stalls mid-answer to server/discover and then to the fallback
// initialize keeps a person waiting twice the timeout, and the failure
// naming only the first wait left the second unexplained.
func alsoTimedOut(closest, err error) error {
	first, ok := closest.(*WireError)
	if !ok || first.Cause != CauseConnectTimeout || CauseOf(err) != CauseConnectTimeout {
		return closest
	}
	both := *first
	both.Message += "; and then " + err.Error()
	return &both
}

// HandshakeRefused reports an attempt whose probe the server answered in
// kind (2xx), the rest of whose handshake it then refused with a status
// (initialize taken, notifications/initialized refused): detection found
// the transport and stopped there (detect), yet the session did not open.
func (a Attempt) HandshakeRefused() bool {
	return a.Status >= 200 && a.Status < 300 && a.Cause == CauseStatus
}

// HandshakeWords say what a HandshakeRefused attempt came to.
func (a Attempt) HandshakeWords() string {
	return "the server answered as " + TransportWords(a.Transport) + ", but the session could not open"
}
