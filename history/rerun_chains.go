package history

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// chainInputs follows a recording's 2026 multi round-trip chains: the
// chain each request belongs to, and what each input_required answer
// asked, so that a later round's inputResponses are read with the
// questions they answer. The recorded answers and the recorded roots are
// both read this way.
type chainInputs struct {
	asked   map[int64]map[string]inputAsk // chain -> inputRequests key -> what it asked, from its newest input_required answer
	chainOf map[int64]int64               // a later round's request Seq -> the chain it belongs to
	// pending holds each request sent that may begin a chain until its
	// answer comes, and firsts only those whose answer asked for input:
	// only they can have later rounds. Kept for every request, a re-run
	// of a million requests held a million of them to the end.
	pending map[int64]chainFirst // the Seq of a request sent, not answered yet -> its method and tool
	firsts  map[int64]chainFirst // the Seq of a request answered input_required that began a chain -> its method and tool
}

// chainFirst is the method and tool of a chain's first request, which its
// later rounds must name again.
type chainFirst struct{ method, tool string }

func newChainInputs() *chainInputs {
	return &chainInputs{asked: map[int64]map[string]inputAsk{}, chainOf: map[int64]int64{},
		pending: map[int64]chainFirst{}, firsts: map[int64]chainFirst{}}
}

// see takes in the record r, in recording order, class being the class
// it went on the wire with (wireOf, for a sent record; a hand-edited
// field may say otherwise). For a later round of a chain it calls each
// with the chain and, in key order, every input response with what its
// key asked.
func (c *chainInputs) see(r *mcp.Record, class mcp.Class, each func(chain int64, key string, ask inputAsk, value json.RawMessage)) {
	m := r.RPC
	switch {
	case r.Kind == mcp.KindSent && class == mcp.ClassRequest:
		chain := c.roundOf(r)
		if chain == 0 {
			c.pending[r.Seq] = chainFirst{m.Method, m.Tool}
			return // its own chain: only later rounds are noted
		}
		c.chainOf[r.Seq] = chain
		var in struct {
			InputResponses map[string]json.RawMessage `json:"inputResponses"`
		}
		if json.Unmarshal(paramsOf(m.Raw), &in) != nil {
			return
		}
		for _, k := range slices.Sorted(maps.Keys(in.InputResponses)) {
			each(chain, k, c.asked[chain][k], in.InputResponses[k])
		}
	case r.Kind == mcp.KindReceived && (m.Class == mcp.ClassResponse || m.Class == mcp.ClassLate) && m.ReqSeq != 0:
		first, began := c.pending[m.ReqSeq]
		delete(c.pending, m.ReqSeq)
		if m.Class != mcp.ClassResponse {
			return
		}
		if keys := inputMethods(m.Raw); keys != nil {
			c.asked[c.chainFor(m.ReqSeq)] = keys
			if began {
				c.firsts[m.ReqSeq] = first
			}
		}
	}
}

// roundOf is the chain the sent record r is a later round of, 0 when it
// begins one: its chain must name a request of its method and tool sent
// before it that began a chain, answered input_required. A hand-edited
// chain naming itself, a later request, a round, another method, a request
// whose answer asked nothing or nothing is read as none, so that
// request is sent again as a chain's first, where reading it as a round
// left it out of the re-run unsaid, or compared another method's answer
// with its own.
func (c *chainInputs) roundOf(r *mcp.Record) int64 {
	if r.Kind != mcp.KindSent || r.RPC == nil || r.RPC.Chain == 0 {
		return 0
	}
	if first, ok := c.firsts[r.RPC.Chain]; !ok || first != (chainFirst{r.RPC.Method, r.RPC.Tool}) {
		return 0
	}
	return r.RPC.Chain
}

// askedBy is what the input_required answer to the request seq asked, by
// key: its chain's newest round's questions.
func (c *chainInputs) askedBy(seq int64) map[string]inputAsk {
	return c.asked[c.chainFor(seq)]
}

// chainFor is the chain the request seq is a round of: its own when it is
// the first.
func (c *chainInputs) chainFor(seq int64) int64 {
	if chain, ok := c.chainOf[seq]; ok {
		return chain
	}
	return seq
}
