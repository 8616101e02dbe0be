package demo

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools that need something from the client are written once, as multi
// round-trip requests (SEP-2322): the first call answers inputRequests, the
// second brings inputResponses. On the 2026-07-28 protocol that is the wire
// itself (resultType "input_required"); on the older eras the SDK's server
// middleware turns each input request into a server request (elicitation/
// create, sampling/createMessage, roots/list) and calls the tool again with
// the answers, so one handler serves every era.

// stateTTL is how long a requestState stays good: long enough for a person
// to fill a form in a debugger, short enough that old states die.
const stateTTL = 15 * time.Minute

// stateSigner makes requestStates the client cannot forge: the protocol says
// an unauthenticated server must sign and check them, since the client
// echoes them back verbatim.
type stateSigner struct {
	key []byte
	now func() time.Time
}

func newStateSigner() *stateSigner {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails (Go 1.24+).
	return &stateSigner{key: key, now: time.Now}
}

// roundState is what a requestState carries from the first round to the
// second: the call it belongs to, when it was issued, and the tool's own
// data.
type roundState struct {
	Tool   string `json:"tool"`
	Args   string `json:"args"` // SHA-256 of the arguments, so answers cannot move to another call
	Issued int64  `json:"issued"`
	Data   string `json:"data,omitempty"`
}

// sign returns a requestState for a call of tool with arguments in.
func (s *stateSigner) sign(tool string, in any, data string) (string, error) {
	sum, err := argsDigest(in)
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(roundState{Tool: tool, Args: sum, Issued: s.now().Unix(), Data: data})
	if err != nil {
		return "", err
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(s.mac(payload)), nil
}

// verify checks a requestState against the call it came back with and
// returns the tool's data.
func (s *stateSigner) verify(state, tool string, in any) (string, error) {
	restart := "; call " + tool + " again without inputResponses and requestState to start over"
	enc := base64.RawURLEncoding
	p64, m64, ok := strings.Cut(state, ".")
	payload, perr := enc.DecodeString(p64)
	mac, merr := enc.DecodeString(m64)
	if !ok || perr != nil || merr != nil || !hmac.Equal(mac, s.mac(payload)) {
		return "", invalidParams("requestState was not issued by this server (or was changed)" + restart)
	}
	var st roundState
	if err := json.Unmarshal(payload, &st); err != nil {
		return "", invalidParams("requestState does not decode: " + err.Error() + restart)
	}
	sum, err := argsDigest(in)
	if err != nil {
		return "", err
	}
	switch {
	case st.Tool != tool:
		return "", invalidParams(fmt.Sprintf("requestState belongs to a call of %s, not %s%s", st.Tool, tool, restart))
	case st.Args != sum:
		return "", invalidParams("requestState belongs to a call with other arguments; send the same arguments in every round" + restart)
	case s.now().Sub(time.Unix(st.Issued, 0)) > stateTTL:
		return "", invalidParams(fmt.Sprintf("requestState expired (it is good for %v)%s", stateTTL, restart))
	}
	return st.Data, nil
}

func (s *stateSigner) mac(payload []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write(payload)
	return m.Sum(nil)
}

// argsDigest hashes the decoded arguments re-encoded, so two rounds agree
// however the client spaced or ordered its JSON.
func argsDigest(in any) (string, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return "", fmt.Errorf("encoding the arguments for requestState: %w", err)
	}
	sum := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(sum[:]), nil
}

func invalidParams(msg string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}
}

// ask answers the first round of a multi round-trip tool: what the tool
// needs, and the signed state to bring back with the answers.
func (g *gateway) ask(req *mcp.CallToolRequest, in any, data string, requests mcp.InputRequestMap) (*mcp.CallToolResult, error) {
	state, err := g.h.states.sign(req.Params.Name, in, data)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{InputRequests: requests, RequestState: state}, nil
}

// answers returns the client's answers and the tool's data when this call
// is a second round, and ok false when it is a first round.
func (g *gateway) answers(req *mcp.CallToolRequest, in any) (resp mcp.InputResponseMap, data string, ok bool, err error) {
	p := req.Params
	if len(p.InputResponses) == 0 && p.RequestState == "" {
		return nil, "", false, nil
	}
	if p.RequestState == "" {
		return nil, "", false, invalidParams("inputResponses came without the requestState of the first round; send it back unchanged")
	}
	data, err = g.h.states.verify(p.RequestState, p.Name, in)
	if err != nil {
		return nil, "", false, err
	}
	return p.InputResponses, data, true, nil
}

// answer returns the response to input request key, of the type T the
// request's method calls for.
func answer[T mcp.InputResponse](resp mcp.InputResponseMap, key, want string) (T, error) {
	var zero T
	r, ok := resp[key]
	if !ok {
		return zero, invalidParams(fmt.Sprintf("inputResponses has no %q; answer every input request of the first round", key))
	}
	t, ok := r.(T)
	if !ok {
		return zero, invalidParams(fmt.Sprintf("inputResponses[%q] is not %s", key, want))
	}
	return t, nil
}

// protocol2026 is the first protocol version without sessions.
const protocol2026 = "2026-07-28"

// needCapability refuses a call from a client that did not declare a
// capability the tool needs. The 2026-07-28 protocol has an error for it
// (-32021, which the SDK answers with HTTP 400) whose data names the
// capability as JSON, e.g. {"sampling":{}}; the older eras get a tool error
// saying the same.
func needCapability(req *mcp.CallToolRequest, has bool, name string, required string) error {
	if has {
		return nil
	}
	tool := req.Params.Name
	if req.ProtocolVersion() >= protocol2026 {
		// Written out rather than marshaled from mcp.ClientCapabilities,
		// which always encodes "roots":{} and so would ask for roots too.
		data, err := json.Marshal(map[string]json.RawMessage{"requiredCapabilities": json.RawMessage(required)})
		if err != nil {
			return err
		}
		return &jsonrpc.Error{
			Code: mcp.CodeMissingRequiredClientCapabilities,
			Message: fmt.Sprintf("%s needs the client capability %s; declare it in _meta[%q]",
				tool, name, mcp.MetaKeyClientCapabilities),
			Data: data,
		}
	}
	return fmt.Errorf("%s needs a client that declares the %s capability in initialize; this one did not, so the server cannot ask it", tool, name)
}

// clientCaps returns the calling client's capabilities, never nil.
func clientCaps(req *mcp.CallToolRequest) *mcp.ClientCapabilities {
	if c := req.ClientCapabilities(); c != nil {
		return c
	}
	return &mcp.ClientCapabilities{}
}
