package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Servers ask their clients for things: a form filled in (elicitation), a
// sampled message, the list of roots. In the 2025 eras they ask with a
// request on a stream, answered by POST; in 2026 an answer of theirs says
// "input_required" and lists what it needs, and the client sends the
// original request again with the answers (a multi round-trip request).
// One mechanism answers both: roots from Config.Roots, and everything a
// person must decide through Config.Answerer.

// InputRequest is something a server asks of the user.
type InputRequest struct {
	Key    string          // the inputRequests key (2026); "" for a server request
	Method string          // elicitation/create, sampling/createMessage, ...
	Params json.RawMessage // as the server sent them
	Seq    int64           // the record that asked: the server request, or the input_required answer
	// Round says a 2026 input_required answer asked it, as one of its
	// inputRequests: the server names its keys, "" among them, so Key's
	// emptiness cannot say which revision asked.
	Round bool
}

// Answerer answers what a server asks of the user: the result to send
// (an elicitation's {"action":...}, a sampled message). ErrNoAnswer means
// nobody was there to answer (exec without --answer); an *RPCError is sent
// as the error answer it is, code and message; any other error is sent to
// the server as the reason.
type Answerer interface {
	Answer(ctx context.Context, req InputRequest) (json.RawMessage, error)
}

// ErrNoAnswer is an Answerer's way of saying nothing answers the request.
var ErrNoAnswer = errors.New("no answer was given")

// ErrDeclined is an Answerer's way of saying the user declined a sampling
// request: in the 2025 eras the server is answered with the specification's
// error for it, CodeUserRejected; in 2026, which has no such answer, the
// request that asked is not sent again (CauseDeclined). Nothing went wrong.
var ErrDeclined = errors.New("the user declined")

// CodeUserRejected is the JSON-RPC error code the specification gives a
// client's answer to a sampling request its user rejected.
const CodeUserRejected = -1

// Root is one root mcpscope offers the server (--root).
type Root struct {
	URI  string `json:"uri"`
	Name string `json:"name,omitempty"`
}

// MaxListed is how many of the things a server named (versions, input
// requests) one line of text lists before it counts the rest.
const MaxListed = 8

// clientCapabilities are the capabilities mcpscope really has: roots
// always (the list may be empty), sampling and elicitation (form and URL
// mode) when something can answer them; or those the config names.
func (s *Session) clientCapabilities() any {
	if len(s.cfg.ClientCapabilities) > 0 {
		return s.cfg.ClientCapabilities
	}
	caps := map[string]any{"roots": map[string]any{"listChanged": true}}
	if s.cfg.Answerer != nil {
		caps["sampling"] = map[string]any{}
		caps["elicitation"] = map[string]any{"form": map[string]any{}, "url": map[string]any{}}
	}
	return caps
}

// SetRoots changes the roots offered; in the 2025 eras the server is told
// with notifications/roots/list_changed.
func (s *Session) SetRoots(ctx context.Context, roots []Root) error {
	s.mu.Lock()
	s.roots = slices.Clone(roots)
	_, modern := modernOf(s.tr)
	initialized := s.initialized
	s.mu.Unlock()
	if modern || !initialized {
		return nil // 2026 sends roots only when asked; before initialize, nobody listens
	}
	return s.Notify(ctx, "notifications/roots/list_changed", nil)
}

// Roots are the roots offered now.
func (s *Session) Roots() []Root {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.roots)
}

// answerInput answers one input request: roots at once, the rest through
// the Answerer, bounded by the request timeout.
func (s *Session) answerInput(ctx context.Context, req InputRequest) (json.RawMessage, error) {
	switch req.Method {
	case "ping":
		return json.RawMessage(`{}`), nil
	case "roots/list":
		roots := s.Roots()
		if roots == nil {
			roots = []Root{}
		}
		b, _ := json.Marshal(map[string]any{"roots": roots})
		return b, nil
	case "elicitation/create", "sampling/createMessage":
		if s.cfg.Answerer == nil {
			return nil, ErrNoAnswer
		}
		ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
		defer cancel()
		res, err := s.cfg.Answerer.Answer(ctx, req)
		if err == nil && !json.Valid(res) {
			// Quoted by its start: an answer file may be megabytes long.
			err = fmt.Errorf("the answer is not JSON: %s", clip.Quote(string(res), 200))
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) && err != nil {
			err = &unansweredError{wait: s.cfg.RequestTimeout}
		}
		return res, err
	}
	return nil, errUnknownMethod
}

var errUnknownMethod = errors.New("unknown method")

// maxRounds bounds a multi round-trip chain against a server that never
// stops asking.
const maxRounds = 8

// roundTrip sends a request and, while its answer says input_required,
// gathers the input and sends it again with a new id, the same params, the
// answers and the same requestState. The rounds are linked in the log by
// Chain, the Seq of the first round's request.
func (s *Session) roundTrip(ctx context.Context, method, tool string, params json.RawMessage) (*Response, error) {
	var chain int64
	orig := params
	for round := 1; ; round++ {
		resp, err := s.requestChain(ctx, method, tool, params, chain)
		if err != nil || resp.Error != nil {
			return resp, err
		}
		modern := s.modern()
		if modern {
			if bad := UnknownResultType(method, resp.Result); bad != "" {
				return resp, &WireError{Cause: CauseBadResultType, Transport: TransportStateless, Message: bad}
			}
		}
		if !modern || !MayAskForInput(method) {
			// Only the 2026 revision gives resultType a meaning: a 2025
			// server's result that says input_required is its result,
			// as any 2025 client reads it, not a question to answer.
			// Nor is the answer to a request that may not ask: it is
			// malformed (InputShape says so where it is shown), and a
			// second round would only be one more request the server
			// should not have asked for.
			return resp, nil
		}
		requests, state, asks, err := inputAsked(method, resp.Result)
		if !asks || err != nil {
			return resp, err
		}
		if chain == 0 {
			chain = resp.ReqSeq
		}
		if round == maxRounds {
			err := &WireError{Cause: CauseInputRounds, Transport: TransportStateless,
				Message: fmt.Sprintf("%s still asked for input after %d rounds; stopped", method, maxRounds)}
			s.emitError(OpInput, err, resp.ReqSeq, 0)
			return resp, err
		}
		answers, err := s.gather(ctx, resp.Seq, requests)
		if err != nil {
			// Recorded on the round's row: it asked, and no round
			// follows, which a replay must show as the live session did.
			missing, reasons, given := missingOf(err)
			ierr := &InputRequiredError{Method: method, Missing: missing, Reasons: reasons, Err: err}
			var unanswered []string
			for i, r := range missing {
				if i < len(reasons) && errors.Is(reasons[i], ErrUnanswered) {
					unanswered = append(unanswered, r.Key)
				}
			}
			cause := CauseNoAnswer
			switch {
			case len(unanswered) > 0:
				// Asking ended there, as at a decline, and a re-run
				// leaves the same question unanswered again.
				cause = CauseUnanswered
			case errors.Is(err, ErrDeclined):
				cause = CauseDeclined
			}
			info := ErrorInfoOf(OpInput, &WireError{Cause: cause, Transport: TransportStateless, Message: ierr.Error(), Err: ierr}, resp.ReqSeq, 0)
			info.Unanswered = unanswered
			for key, answer := range given {
				if info.Given == nil {
					info.Given = map[string]Raw{}
				}
				info.Given[key] = Raw(answer)
			}
			s.emit(Record{Kind: KindError, Error: info})
			return resp, ierr
		}
		if err := ctx.Err(); err != nil {
			// Cancelled as the last answer was given (ctrl+c, q): the
			// round carrying the answers is not sent, as one cancelled
			// while it waited would have been given up on. The round
			// asked, and no round follows, which the record says, with
			// the answers given, as a round stopped while asking keeps
			// them: a re-run gives them again.
			info := ErrorInfoOf(OpCancelled, fmt.Errorf("cancelled before the answers were sent: %s was not sent again", method), resp.ReqSeq, 0)
			info.Given = map[string]Raw{}
			for key, answer := range answers {
				info.Given[key] = Raw(answer)
			}
			s.emit(Record{Kind: KindError, Error: info})
			return resp, err
		}
		params = withInput(orig, answers, state)
	}
}

// inputAsked reads a 2026 result: whether it says input_required and, if
// so, what it asks for and the state to echo. An answer that says
// input_required in a shape that cannot be followed is an error naming
// what is wrong, not a result: read as complete it would report a request
// that never finished as a success, and sent again with nothing answered
// it would only get the same answer.
func inputAsked(method string, result json.RawMessage) (requests map[string]json.RawMessage, state json.RawMessage, asks bool, err error) {
	// The one scanner reads the answer whatever lies below what is read
	// here: a result too deep for encoding/json must not pass for a
	// complete one, and a question nested past its 10,000 levels (a deep
	// requestedSchema) is still a question to show and answer. The
	// result's members are found in one pass with no memory per member,
	// so a complete result of millions of small items costs no index;
	// only inputRequests' own members are indexed, and each request is
	// read from its own bytes by InputRequestOf.
	top, ok := Members(result, "resultType", "requestState", "inputRequests")
	if !ok {
		return nil, nil, false, nil
	}
	if rt, _ := TextOf(top[0]); rt != "input_required" {
		return nil, nil, false, nil
	}
	bad := func(format string, args ...any) error {
		return &WireError{Cause: CauseBadInputAsk, Transport: TransportStateless,
			Message: method + " answered input_required, but " + fmt.Sprintf(format, args...)}
	}
	if st := top[1]; st != nil && string(st) != "null" {
		if _, ok := TextOf(st); !ok {
			return nil, nil, true, bad("its requestState is %s, not a string that can be sent back", jsonKind(st))
		}
		// Kept as the server wrote it, escapes and all: "the client MUST
		// echo back the exact value", and a string decoded and encoded
		// again is not it when it holds a lone surrogate (\ud800), which
		// decodes to U+FFFD.
		state = json.RawMessage(st)
	}
	if raw := top[2]; raw != nil && string(raw) != "null" {
		reqs, ok := objectOf(raw, 1)
		if !ok {
			return nil, nil, true, bad("its inputRequests is %s, not an object of requests by key", jsonKind(raw))
		}
		// A key given twice keeps its last request, as a JSON decoder
		// reads it.
		requests = map[string]json.RawMessage{}
		for k, r := range reqs.Members() {
			requests[k] = json.RawMessage(r.Raw())
		}
		for _, k := range slices.Sorted(maps.Keys(requests)) {
			if name, _ := InputRequestOf(requests[k]); name == "" {
				return nil, nil, true, bad("its inputRequests[%q] is not a request with a method: %s", k, Excerpt(requests[k]))
			}
		}
	}
	if len(requests) == 0 && state == nil {
		return nil, nil, true, bad("it asks for nothing (no inputRequests, no requestState): sending it again would get the same answer")
	}
	return requests, state, true, nil
}

// InputRequestOf reads one of an input_required answer's inputRequests
// with the one JSON scanner, so params of any depth are kept as they came:
// its method ("" when it has none that is a string) and its params.
func InputRequestOf(raw json.RawMessage) (method string, params json.RawMessage) {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 1})
	if err != nil {
		return "", nil
	}
	method, _ = doc.Root().Get("method").Text()
	if p := doc.Root().Get("params"); p.Exists() {
		params = json.RawMessage(p.Raw())
	}
	return method, params
}

// jsonKind names the kind of a JSON value for messages, in jsonspan's
// words.
func jsonKind(raw json.RawMessage) string {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 1})
	if err != nil {
		return "not JSON"
	}
	return doc.Root().KindName()
}

// gatherError lists the input requests nothing answered, each with why.
type gatherError struct {
	missing []InputRequest
	reasons []error // by index of missing; nil when err says for all
	err     error
	// answered are the answers given before asking ended, by key: not
	// sent (the round is not sent again), but recorded, so a re-run
	// gives them again rather than reading them as never given.
	answered map[string]json.RawMessage
}

func (e *gatherError) Error() string { return e.err.Error() }
func (e *gatherError) Unwrap() error { return e.err }

func missingOf(err error) ([]InputRequest, []error, map[string]json.RawMessage) {
	var ge *gatherError
	if errors.As(err, &ge) {
		return ge.missing, ge.reasons, ge.answered
	}
	return nil, nil, nil
}

// gather answers the input requests of one round, in the order askOrder
// gives, until one is declined or left unanswered.
func (s *Session) gather(ctx context.Context, seq int64, requests map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	keys := slices.Sorted(maps.Keys(requests))
	if refused, err := unanswerable(keys, requests, seq); err != nil {
		return nil, &gatherError{missing: refused, err: err}
	}
	out := map[string]json.RawMessage{}
	var missing []InputRequest
	var reasons []error
	var why error
	for _, req := range askOrder(keys, requests, seq) {
		res, err := s.answerInput(ctx, req)
		if err != nil {
			missing, reasons = append(missing, req), append(reasons, err)
			// A decline is the round's story only when nothing asked
			// before it was left without an answer: one that was failed
			// the request, and its error says so.
			if why == nil || errors.Is(why, ErrDeclined) && !errors.Is(err, ErrDeclined) {
				why = err
			}
			if errors.Is(err, ErrDeclined) || errors.Is(err, ErrUnanswered) {
				// The user declined, or let the wait run out: the
				// request is not sent again, so the user is asked
				// nothing more, whose answers would be thrown away.
				break
			}
			continue
		}
		out[req.Key] = res
	}
	if len(missing) > 0 {
		return nil, &gatherError{missing: missing, reasons: reasons, err: why, answered: out}
	}
	return out, nil
}

// askOrder is the order a round's requests are put to the user: by
// method, then by key, elicitations last. Asking ends at the first
// declined or left unanswered, so in key order the same round read
// "declined" or "needs input" by which of the server's keys sorted first;
// by method, what a round asks decides its story, not what the server
// named its keys. Forms come last as they cost the most to answer: a
// sampling request is declined with one key, and one declined after a
// filled-in form ended the round with the form's answer thrown away.
func askOrder(keys []string, requests map[string]json.RawMessage, seq int64) []InputRequest {
	reqs := make([]InputRequest, 0, len(keys))
	for _, k := range keys {
		method, params := InputRequestOf(requests[k])
		reqs = append(reqs, InputRequest{Key: k, Method: method, Params: params, Seq: seq, Round: true})
	}
	isForm := func(r InputRequest) bool { return r.Method == "elicitation/create" }
	slices.SortStableFunc(reqs, func(a, b InputRequest) int {
		if fa, fb := isForm(a), isForm(b); fa != fb {
			if fa {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Method, b.Method)
	})
	return reqs
}

// withInput is the params of a retried round: the original params, byte for
// byte, with the answers and, when the server gave one, its requestState
// (a JSON string as the server wrote it) echoed exactly.
//
// A requestState the user's params carried is not sent when the server gave
// none: it belongs to another round, and the server would read it as this
// one's. Nor is a member spelling either name in another case
// (RequestState): a decoder matching keys exactly skips it, but
// encoding/json matches keys in any case, so a Go server read it in place
// of, or beside, the one sent.
func withInput(params json.RawMessage, answers map[string]json.RawMessage, state json.RawMessage) json.RawMessage {
	params = jsonspan.DropMembers(params, func(k string) bool {
		if strings.EqualFold(k, "requestState") {
			return k != "requestState" || state == nil
		}
		return strings.EqualFold(k, "inputResponses") && k != "inputResponses"
	})
	b, _ := json.Marshal(answers)
	params = setMember(params, "inputResponses", b)
	if state != nil {
		params = setMember(params, "requestState", state)
	}
	return params
}
