"""Tiny random models of each detector architecture, saved to folders and loaded the way users load theirs.

Real transformers classes with random weights (hidden size 32, 2 layers): BERT / RoBERTa / DeBERTa-v2 sequence
classifiers (the bundled model's WordPiece tokenizer: any tokenizer whose vocabulary fits the embeddings does),
a T5 seq2seq with a Unigram tokenizer trained here with ``tokenizers`` (T5's kind of vocabulary, so "0" and "1"
tokenize as they do for MiniCheck-Flan-T5), and a folder with its own ``configuration_*.py`` / ``modeling_*.py``
and an ``auto_map``, standing in for HHEM-2.1-Open's remote code. ``permute_head`` writes the same model down in
another label order by permuting the classifier rows, so both folders compute the same function.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from faithkit.checkers.nli import bundled_model_path

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json")
SMALL = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64)


def copy_wordpiece_tokenizer(folder: Path) -> None:
    for name in TOKENIZER_FILES:
        if (bundled_model_path() / name).exists():
            shutil.copy(bundled_model_path() / name, folder / name)


def _head(model):
    """The output layer whose rows are the labels, per architecture."""
    if hasattr(model, "classifier") and hasattr(model.classifier, "out_proj"):  # RoBERTa
        return model.classifier.out_proj
    return model.classifier  # BERT, DeBERTa-v2


def build_classifier(
    folder: Path, arch: str, id2label: dict[int, str], *, seed: int = 0, permute_from: dict[int, str] | None = None
) -> Path:
    """A tiny random ``arch`` (bert / roberta / deberta-v2) classifier with ``id2label``. With ``permute_from``,
    the weights are those built with ``permute_from`` (same seed), head rows reordered to ``id2label``."""
    import torch
    from transformers import (
        BertConfig,
        BertForSequenceClassification,
        DebertaV2Config,
        DebertaV2ForSequenceClassification,
        RobertaConfig,
        RobertaForSequenceClassification,
    )

    base = permute_from or id2label
    common = dict(
        vocab_size=30522,
        max_position_embeddings=256,
        num_labels=len(base),
        id2label=base,
        label2id={v: k for k, v in base.items()},
        **SMALL,
    )
    if arch == "bert":
        config, cls = BertConfig(**common), BertForSequenceClassification
    elif arch == "roberta":  # WordPiece ids: pad is 0 and segments come as token_type_ids 0/1
        config, cls = RobertaConfig(pad_token_id=0, type_vocab_size=2, **common), RobertaForSequenceClassification
    elif arch == "deberta-v2":
        config, cls = DebertaV2Config(pad_token_id=0, type_vocab_size=2, **common), DebertaV2ForSequenceClassification
    else:
        raise ValueError(arch)
    torch.manual_seed(seed)
    model = cls(config).eval()
    if permute_from:
        rows = [next(k for k, v in permute_from.items() if v == id2label[i]) for i in range(len(id2label))]
        head = _head(model)
        with torch.no_grad():
            head.weight.copy_(head.weight[rows].clone())
            head.bias.copy_(head.bias[rows].clone())
        model.config.id2label = dict(id2label)
        model.config.label2id = {v: k for k, v in id2label.items()}
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    copy_wordpiece_tokenizer(folder)
    return folder


T5_SENTENCES = [
    "The Team plan costs 12 euros per user per month.",
    "SSO is only on the Enterprise plan.",
    "The current month is not refunded.",
    "predict: 0 1 0 1 yes no",
    "The dog is sleeping on the porch.",
    "Refunds are issued within 14 days of a request.",
    "Exports run every night at 2 am.",
]


def build_t5(folder: Path, *, seed: int = 0) -> Path:
    """A tiny random T5 with a Unigram (sentencepiece-style) tokenizer trained on a few sentences."""
    import torch
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers
    from transformers import T5Config, T5ForConditionalGeneration, T5TokenizerFast

    tok = Tokenizer(models.Unigram())
    tok.normalizer = normalizers.NFKC()
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=180, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>")
    tok.train_from_iterator(T5_SENTENCES * 4, trainer)
    from tokenizers.processors import TemplateProcessing

    tok.post_processor = TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>", special_tokens=[("</s>", tok.token_to_id("</s>"))]
    )
    tokenizer = T5TokenizerFast(
        tokenizer_object=tok, eos_token="</s>", pad_token="<pad>", unk_token="<unk>", extra_ids=0
    )
    config = T5Config(
        vocab_size=tok.get_vocab_size(),
        d_model=32,
        d_kv=16,
        d_ff=64,
        num_layers=2,
        num_decoder_layers=2,
        num_heads=2,
        decoder_start_token_id=0,
        pad_token_id=0,
        eos_token_id=1,
    )
    torch.manual_seed(seed)
    folder.mkdir(parents=True, exist_ok=True)
    T5ForConditionalGeneration(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


HHEM_CONFIGURATION = '''"""Stand-in for HHEM-2.1-Open's configuration_hhem_v2.py (a test fixture)."""
from transformers import PretrainedConfig


class HHEMv2Config(PretrainedConfig):
    model_type = "HHEMv2"

    def __init__(self, hidden_size=32, vocab_size=30522, **kwargs):
        self.hidden_size = hidden_size
        self.vocab_size = vocab_size
        super().__init__(**kwargs)
'''

HHEM_MODELING = '''"""Stand-in for HHEM-2.1-Open's modeling_hhem_v2.py: the prompt lives here."""
import torch
from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast, PreTrainedModel

from .configuration_hhem import HHEMv2Config

PROMPT = "<pad> Determine if the hypothesis is true given the premise?\\n\\nPremise: {text1}\\n\\nHypothesis: {text2}"


class HHEMv2ForSequenceClassification(PreTrainedModel):
    config_class = HHEMv2Config

    def __init__(self, config):
        super().__init__(config)
        inner = BertConfig(vocab_size=config.vocab_size, hidden_size=config.hidden_size, num_hidden_layers=2,
                           num_attention_heads=2, intermediate_size=64, max_position_embeddings=256, num_labels=2)
        self.t5 = BertForSequenceClassification(inner)
        self.tokenizer = None
        self.post_init()

    def _init_weights(self, module):
        pass

    def predict(self, text_pairs):
        if self.tokenizer is None:
            self.tokenizer = BertTokenizerFast.from_pretrained(self.config._name_or_path)
        texts = [PROMPT.format(text1=p, text2=h) for p, h in text_pairs]
        batch = self.tokenizer(texts, padding=True, truncation=True, max_length=256, return_tensors="pt")
        with torch.no_grad():
            logits = self.t5(**batch).logits
        return torch.softmax(logits, dim=-1)[:, 1]
'''


def build_hhem_standin(folder: Path, *, seed: int = 0) -> Path:
    """A model folder whose classes come from its own Python files (``auto_map``), like HHEM's."""
    import torch

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "configuration_hhem.py").write_text(HHEM_CONFIGURATION)
    (folder / "modeling_hhem.py").write_text(HHEM_MODELING)
    package = f"hhem_standin_{abs(hash(str(folder)))}"
    config_mod = _load(folder / "configuration_hhem.py", f"{package}.configuration_hhem", package, folder)
    modeling = _load(folder / "modeling_hhem.py", f"{package}.modeling_hhem", package, folder)
    config = config_mod.HHEMv2Config()
    config.auto_map = {
        "AutoConfig": "configuration_hhem.HHEMv2Config",
        "AutoModelForSequenceClassification": "modeling_hhem.HHEMv2ForSequenceClassification",
    }
    torch.manual_seed(seed)
    modeling.HHEMv2ForSequenceClassification(config).save_pretrained(folder)
    copy_wordpiece_tokenizer(folder)
    return folder


def _load(path: Path, name: str, package: str, folder: Path):
    import sys
    import types

    if package not in sys.modules:
        module = types.ModuleType(package)
        module.__path__ = [str(folder)]
        sys.modules[package] = module
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
