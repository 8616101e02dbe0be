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
}

func newChainInputs() *chainInputs {
	return &chainInputs{asked: map[int64]map[string]inputAsk{}, chainOf: map[int64]int64{}}
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
		chain := m.Chain
		if chain == 0 {
			chain = r.Seq
		}
		if m.Chain == 0 {
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
	case r.Kind == mcp.KindReceived && m.Class == mcp.ClassResponse && m.ReqSeq != 0:
		if keys := inputMethods(m.Raw); keys != nil {
			c.asked[c.chainFor(m.ReqSeq)] = keys
		}
	}
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
