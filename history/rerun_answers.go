package history

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sync"

	"github.com/mcpscope/mcpscope/mcp"
)

// RecordedAnswers answers, in a re-run, what the live server asks of the
// user with what the user answered in the recording, so a session whose
// tool asked for a form or a sampled message re-runs to the same end
// instead of stopping at the question. The answers are taken in the order
// they were given, per method: a server request's reply in the 2025 eras,
// and the inputResponses of a later round of a 2026 multi round-trip
// request, where the key the server chose is matched first. It returns nil
// when the recording answered nothing: the re-run then declares no more
// than the recorded session could do.
func RecordedAnswers(recs []mcp.Record) mcp.Answerer {
	a := &recordedAnswers{byMethod: map[string][]recordedAnswer{}}
	asked := map[int64]map[string]string{} // chain -> inputRequests key -> method, from its newest input_required answer
	chainOf := map[int64]int64{}           // request Seq -> the chain it belongs to
	for i := range recs {
		r := &recs[i]
		if r.RPC == nil {
			continue
		}
		m := r.RPC
		switch {
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassReply && answerable(m.Method):
			a.add(m.Method, replyAnswer(m.Raw))
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest:
			chain := m.Chain
			if chain == 0 {
				chain = r.Seq
			}
			chainOf[r.Seq] = chain
			if m.Chain == 0 {
				continue
			}
			var p struct {
				InputResponses map[string]json.RawMessage `json:"inputResponses"`
			}
			if json.Unmarshal(paramsOf(m.Raw), &p) != nil {
				continue
			}
			for _, k := range slices.Sorted(maps.Keys(p.InputResponses)) {
				if method := asked[chain][k]; answerable(method) {
					a.add(method, recordedAnswer{key: k, result: p.InputResponses[k]})
				}
			}
		case r.Kind == mcp.KindReceived && m.Class == mcp.ClassResponse && m.ReqSeq != 0:
			if keys := inputMethods(m.Raw); keys != nil {
				asked[chainOf[m.ReqSeq]] = keys
			}
		}
	}
	if len(a.byMethod) == 0 {
		return nil
	}
	return a
}

// recordedAnswer is one answer the user gave: a result, or the error the
// reply carried (an elicitation declined by nobody being there is replayed
// as the same refusal).
type recordedAnswer struct {
	key    string // the 2026 inputRequests key; "" for a 2025 reply
	result json.RawMessage
	err    string
}

type recordedAnswers struct {
	mu       sync.Mutex
	byMethod map[string][]recordedAnswer
}

func (a *recordedAnswers) add(method string, ans recordedAnswer) {
	a.byMethod[method] = append(a.byMethod[method], ans)
}

// Answer implements mcp.Answerer: the next recorded answer to the same
// method, the one under the same key first.
func (a *recordedAnswers) Answer(_ context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	queue := a.byMethod[req.Method]
	if len(queue) == 0 {
		return nil, mcp.ErrNoAnswer
	}
	i := 0
	if req.Key != "" {
		if k := slices.IndexFunc(queue, func(x recordedAnswer) bool { return x.key == req.Key }); k >= 0 {
			i = k
		}
	}
	ans := queue[i]
	a.byMethod[req.Method] = slices.Delete(queue, i, i+1)
	if ans.err != "" {
		return nil, errors.New(ans.err)
	}
	return ans.result, nil
}

// answerable reports the methods a person answers: the rest (roots, ping)
// the live session answers itself.
func answerable(method string) bool {
	return method == "elicitation/create" || method == "sampling/createMessage"
}

// replyAnswer reads our recorded reply to a server request.
func replyAnswer(raw mcp.Raw) recordedAnswer {
	var m struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return recordedAnswer{err: "the recorded answer cannot be read"}
	}
	if m.Error != nil {
		return recordedAnswer{err: "answered with an error in the recording: " + m.Error.Message}
	}
	return recordedAnswer{result: m.Result}
}

// inputMethods reads a 2026 input_required answer's inputRequests as key
// -> method; nil when the answer asks for nothing.
func inputMethods(raw mcp.Raw) map[string]string {
	var m struct {
		Result struct {
			ResultType    string `json:"resultType"`
			InputRequests map[string]struct {
				Method string `json:"method"`
			} `json:"inputRequests"`
		} `json:"result"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil || m.Result.ResultType != "input_required" {
		return nil
	}
	out := make(map[string]string, len(m.Result.InputRequests))
	for k, v := range m.Result.InputRequests {
		out[k] = v.Method
	}
	return out
}
