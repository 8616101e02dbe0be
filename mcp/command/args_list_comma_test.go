package command

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A comma typed after a multi-select field's value (Tab left
// "instrument=Piano " and a list is written with commas elsewhere) was
// asked whether it meant another key's value ("did you mean firstLine=,?").
// It is told how a list is given: the key repeated.
func TestListCommaSaysRepeatTheKey(t *testing.T) {
	props := argTestProps(`"firstLine":{"type":"string"},"instrument":{"type":"array","items":{"type":"string","enum":["Piano","Drums","Guitar"]}}`)
	schema, err := ParseSchema(json.RawMessage(props))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`instrument=Piano ,`, `",": a list is given by repeating its key: instrument=Piano instrument=Drums`},
		{`instrument=Piano ,Guitar`, `",Guitar": a list is given by repeating its key: instrument=Piano instrument=Guitar`},
	} {
		words, _ := SplitWords(c.line)
		err := WordsRefusal(words, schema)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: refused with %v, want %s", c.line, err, c.want)
		}
	}
}

// The example of repeating the key can be typed back: a value given
// quoted (`tags='a b' ,c`) was shown bare ("tags=a b tags=c", refused when
// typed), and a member given quoted (`instrument='Grand Piano' ,`) was
// suggested again, compared by its quoted spelling. The suggested words,
// typed back, give the list.
func TestListCommaExampleTypesBack(t *testing.T) {
	props := argTestProps(`"tags":{"type":"array","items":{"type":"string"}},"instrument":{"type":"array","items":{"type":"string","enum":["Grand Piano","Drums"]}}`)
	schema, err := ParseSchema(json.RawMessage(props))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, key, want string }{
		{`tags='a b' ,c`, "tags", `["a b","c"]`},
		{`instrument='Grand Piano' ,`, "instrument", `["Grand Piano","Drums"]`},
	} {
		words, _ := SplitWords(c.line)
		refusal := WordsRefusal(words, schema)
		const said = "a list is given by repeating its key: "
		_, example, ok := strings.Cut(fmt.Sprint(refusal), said)
		if !ok {
			t.Errorf("%s: refused with %v, want %q and an example", c.line, refusal, said)
			continue
		}
		typed, err := SplitWords(example)
		if err != nil {
			t.Errorf("%s: the example %s does not split: %v", c.line, example, err)
			continue
		}
		args, _, err := ParseArgs(typed, schema)
		if err != nil {
			t.Errorf("%s: the example %s, typed back, is refused: %v", c.line, example, err)
			continue
		}
		if got := string(args.Values[c.key]); got != c.want {
			t.Errorf("%s: the example %s, typed back, gives %s=%s, want %s", c.line, example, c.key, got, c.want)
		}
	}
}
