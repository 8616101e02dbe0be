package command

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// FuzzHostileForm: a server's elicitation (its message and requestedSchema)
// and a resource template are the server's to write, and what the user
// types in answer is anything. Describing the form, reading the answer,
// rendering each field's type, default and choices, and filling the
// template never panic, and an answer is a JSON object with the action
// the line asked for (a form's content only with accept).
func FuzzHostileForm(f *testing.F) {
	for _, seed := range []struct{ params, line, template string }{
		{`{"message":"Pick","requestedSchema":{"type":"object","properties":{"n":{"type":"integer","default":3},"c":{"enum":["a","b"]}},"required":["n"]}}`, `n=2 c=a`, `file:///{path}`},
		{`{"mode":"url","url":"https://x.example/\u202e","message":"go"}`, `accept`, `{+base}{/seg*}{?q,r}`},
		{`{"requestedSchema":{"properties":{"x":{"$ref":"#"}},"$defs":{},"allOf":[{"$ref":"#/properties/x"}]}}`, `x:='{"x":{}}' decline`, `{`},
		{`{"requestedSchema":{"properties":{"s":{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":1e400}],"default":[1]}}}}`, `cancel`, `{x:3}{x:99999}`},
		{`{"requestedSchema":true}`, ``, `}{`},
		{`{"message":"Pick","requestedSchema":{"properties":{"n":{"type":"integer","default":3}}}}`, `No`, `{n}`},
		{`{"mode":"url","url":"https://x.example/","message":"go"}`, `CANCEL`, `{n}`},
		{`{"message":"Pick","requestedSchema":{"properties":{"n":{"type":"integer"}}}}`, `y n=1`, `{n}`},
		{`{"requestedSchema":{"properties":{"d":{"type":"number","minimum":"x","maximum":1e309,"format":"date"}},"required":["d","d",1]}}`, `d=1e999 d=`, `{;a,b*,c:2}`},
	} {
		f.Add(seed.params, seed.line, seed.template)
	}
	f.Fuzz(func(t *testing.T, params, line, template string) {
		req := mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(params)}
		_ = Describe(req)
		out, warns, err := ParseAnswer(req, line)
		if err == nil && out != nil {
			// A number is sent as typed (1e700 too, which no float64
			// holds): read as JSON's numbers, not Go's.
			var v map[string]any
			d := json.NewDecoder(bytes.NewReader(out))
			d.UseNumber()
			if d.Decode(&v) != nil || !json.Valid(out) {
				t.Fatalf("ParseAnswer(%s, %q) = %s, not a JSON object", params, line, out)
			}
			// What is sent is what was typed: the action the line
			// begins with (accept when it begins with a field), and a
			// form's content only with accept.
			want := "accept"
			if w, err := SplitWords(line); err == nil && len(w) > 0 {
				if a, ok := ElicitAction(w[0]); ok {
					want = a
				}
			}
			if _, content := v["content"]; v["action"] != want || (content && want != "accept") {
				t.Fatalf("ParseAnswer(%s, %q) = %s; the line asks to %s", params, line, out, want)
			}
			for _, w := range warns {
				if w.String() == "" {
					t.Fatalf("ParseAnswer(%s, %q) gave an empty warning", params, line)
				}
			}
		}
		var e struct {
			RequestedSchema json.RawMessage `json:"requestedSchema"`
		}
		if json.Unmarshal([]byte(params), &e) == nil {
			if s, err := ParseSchema(e.RequestedSchema); err == nil && s != nil {
				render(s, 0)
			}
		}
		words, err := SplitWords(line)
		if err != nil {
			words = strings.Fields(line)
		}
		_ = TemplateVars(template)
		if _, warns, err := FillTemplate(template, words); err == nil {
			for _, w := range warns {
				if w.String() == "" {
					t.Fatalf("FillTemplate(%q, %q) gave an empty warning", template, words)
				}
			}
		}
	})
}

// render asks a schema for every text it shows, to the depth a form goes.
func render(s *Schema, depth int) {
	if s == nil || depth > 4 {
		return
	}
	_, _, _ = s.TypeString(), s.DefaultString(), s.Choices()
	for i := range s.Properties {
		p := s.Property(s.Properties[i].Name)
		if p != nil {
			render(p.Schema, depth+1)
		}
	}
	render(s.Items, depth+1)
	for _, b := range append(append([]*Schema{}, s.AnyOf...), s.OneOf...) {
		render(b, depth+1)
	}
}
