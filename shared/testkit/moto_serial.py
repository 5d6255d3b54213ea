"""moto's server, running one request at a time through moto itself.

moto's own `moto_server` hands each request to moto on its own thread, and moto's DynamoDB
backend is not thread-safe: concurrent transactions fail inside it with "dictionary changed
size during iteration" (HTTP 500). Real DynamoDB serialises conflicting transactions itself.
Here connections are still served on threads, kept alive between requests (see the end), but
a lock lets one request at a time into moto.
"""

import argparse
import bisect
import copy
import inspect
import json
import os
import threading

from werkzeug.serving import run_simple

import moto.dynamodb.models.utilities as dynamodb_utilities
import moto.dynamodb.responses as dynamodb_responses
from moto.core.responses import BaseResponse
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.models.table import Table
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto.utilities.aws_headers import gen_amzn_requestid_long

parser = argparse.ArgumentParser()
parser.add_argument("-H", "--host", default="127.0.0.1")
parser.add_argument("-p", "--port", type=int, required=True)
args = parser.parse_args()
os.environ.setdefault("MOTO_PORT", str(args.port))

# What a read makes of moto's state (sorted partitions, copies and JSON of items) stays the
# same until something writes: while a read is served it is remembered, and any other
# request (any that could change a table, S3 included) forgets it all before and after it
# runs. The patches below use this memo.
READS = {"Query", "Scan", "GetItem", "BatchGetItem", "DescribeTable", "ListTables", "DescribeTimeToLive"}
remembered = {}
reading = False


def _remember(key, compute):
    """A copy of what `compute` gave for `key` since the last write (moto reverses and
    extends the lists it is given)."""
    if not reading:
        return compute()
    if key not in remembered:
        remembered[key] = compute()
    return list(remembered[key])


def _remember_of(obj, kind, compute):
    """What `compute` gave for this very object since the last write. The entry holds the
    object, so its id cannot be taken by another one while the entry lives."""
    if not reading:
        return compute()
    entry = remembered.get((kind, id(obj)))
    if entry is None or entry[0] is not obj:
        entry = remembered[(kind, id(obj))] = (obj, compute())
    return entry[1]


# moto 5.2 writes each DynamoDB answer through a generic, model-driven serialiser that
# takes five sixths of a query's time (a page of 200 items: 0.37 s against 0.08 s). Its
# DynamoDB answers are already in the wire format (attribute values as {"S": ...}), so
# JSON of them is the same answer; anything else (errors included) goes the usual way.
class ConvertedItem(dict):
    """An item's attributes in the wire format, as remembered until the next write."""


_model_serialised = dynamodb_responses.DynamoHandler.serialized


def _json_serialised(self, action_result):
    result = action_result.result
    if isinstance(result, Exception):
        return _model_serialised(self, action_result)
    try:
        body = _json_of(result)
    except TypeError:
        return _model_serialised(self, action_result)
    headers = dict(self.response_headers)
    headers["Content-Type"] = "application/x-amz-json-1.0"
    return 200, headers, body


def _json_of(result):
    """JSON of an answer; a page's items are written once each until the next write (see
    `_remember_of` above), as the same items are asked for again and again."""
    if not isinstance(result, dict) or not isinstance(result.get("Items"), list):
        return json.dumps({} if result is None else result)
    rest = json.dumps({k: v for k, v in result.items() if k != "Items"})
    items = ",".join(_remember_of(item, "json", lambda: json.dumps(item)) if isinstance(item, ConvertedItem) else json.dumps(item) for item in result["Items"])
    return f'{rest[:-1]}{", " if len(result) > 1 else ""}"Items": [{items}]}}'


dynamodb_responses.DynamoHandler.serialized = _json_serialised

# moto looks for an XML <RequestId> in every answer with a regular expression, which reads
# the whole body: a JSON page of items has none to find.
_enriched = BaseResponse._enrich_response


def _quick_enriched(headers, body):
    if isinstance(body, str) and "<RequestId>" not in body:
        if "status" in headers:
            headers["status"] = str(headers["status"])
        gen_amzn_requestid_long(headers)
        return headers, body
    return _enriched(headers, body)


BaseResponse._enrich_response = staticmethod(_quick_enriched)

# moto answers every Query by sorting the whole table (`Table.all_items`), keeping the items
# of the asked partition and sorting those again, then deep-copies, sizes and converts each
# item it returns: at a few thousand grievances the conformance suite's thousands of queries
# take hours. Each of those steps goes through the memo above. What moto does with them
# (start keys, key conditions, limits, filters, projections) is its own code, unchanged.
_all_items = Table.all_items
_query = Table.query
_sorted_items = Table.sorted_items
_query_arguments = inspect.signature(_query)
_item_copy = Item.__deepcopy__
_item_size = Item.size
_to_dict = dynamodb_utilities.dynamo_to_dict


def _cached_all_items(self):
    return _remember((id(self), "all"), lambda: _all_items(self))


def _index_partition(table, wanted):
    """The items of `table` holding an index's asked key values, in the order moto's
    `all_items` gives them: found in one pass, then just those sorted. moto sorts the whole
    table first, comparing attribute values through their conversions: after each write,
    that sort was most of a sign-in's index query over a table of a few thousand users."""
    # A string compares as itself; any other type as moto compares it.
    plain = [(n, v.value) for n, v in wanted if v.type == "S"]
    other = [(n, v) for n, v in wanted if v.type != "S"]

    def holds(attrs):
        for n, value in plain:
            a = attrs.get(n)
            if a is None or a.type != "S" or a.value != value:
                return False
        return all(n in attrs and attrs[n] == v for n, v in other)

    found = []
    for hash_set in table.items.values():
        for item in hash_set.values() if table.range_key_attr else (hash_set,):
            if holds(item.attrs):
                found.append(item)
    return sorted(found, key=lambda x: (x.hash_key, x.range_key) if x.range_key else x.hash_key)


def _table_page(table, hash_key, asked):
    """What a query of one partition of `table` reads, as far as its page can reach: the
    partition sorted by range key, as moto sorts it (so that moto's own sort finds it sorted),
    - after the start key of a page after the first, found by halving the sorted partition
      (moto compares every item before it with the key: pages of a partition of 48,000 usage
      shards took a second each); moto is then handed no start key;
    - with no condition on the range key, no further than the item after a page of `limit`
      items (moto stops there and makes the page's last item its end key): moto compared and
      sorted the rest of the partition again for nothing."""
    whole_key = (id(table), "table", repr(hash_key.value))
    items = _remember(whole_key, lambda: sorted(table.items.get(hash_key, {}).values(), key=lambda item: item.range_key))
    forward = asked.get("scan_index_forward") is not False
    start = asked.get("exclusive_start_key")
    if start and table.range_key_attr in start and table.hash_key_attr in start and DynamoType(start[table.hash_key_attr]) == hash_key:
        ranges = _remember(whole_key + ("ranges",), lambda: [item.range_key for item in items])
        after = DynamoType(start[table.range_key_attr])
        # Reading backward, moto reverses what it is handed: the items before the key.
        items = items[bisect.bisect_right(ranges, after) :] if forward else items[: bisect.bisect_left(ranges, after)]
        asked["exclusive_start_key"] = None
    limit = asked.get("limit")
    if limit and asked.get("range_comparison") is None and not asked.get("filter_kwargs"):
        items = items[: limit + 1] if forward else items[-(limit + 1) :]
    return items


def _partitioned_query(self, *args, **kwargs):
    bound = _query_arguments.bind(self, *args, **kwargs)
    asked = bound.arguments
    hash_key, index_name, conditions = asked.get("hash_key"), asked.get("index_name"), asked.get("hash_key_conditions")
    if index_name and conditions:
        wanted = list(conditions)
        key = (id(self), "index", index_name, tuple((n, repr(v.value)) for n, v in wanted))
        self.all_items = lambda: _remember(key, lambda: _index_partition(self, wanted))
    elif not index_name and hash_key is not None and self.range_key_attr:
        items = _table_page(self, hash_key, asked)
        self.all_items = lambda: list(items)
    else:
        return _query(self, *args, **kwargs)
    # moto's query looks for the partition in `all_items()`: it is handed just the partition,
    # whose items all hold the asked hash key.
    asked["hash_key_conditions"] = None
    try:
        return _query(*bound.args, **bound.kwargs)
    finally:
        del self.all_items


def _quick_comes_before(self, item, start, hash_key_attrs, range_key_attrs, scan_index_forward):
    """moto's `_item_comes_before_dct`, with the start key's values made once per query
    rather than twice per item read before the start."""
    ordered = _remember_of(
        start, "start", lambda: [(a, DynamoType(start.get(a))) for a in self._generate_attr_to_sort_by(hash_key_attrs, range_key_attrs)]
    )
    for attr, value in ordered:
        if attr in item.attrs and item.attrs[attr] != value:
            return (item.attrs[attr] < value) == scan_index_forward
    return True


def _cached_sorted_items(self, hash_key_attrs, range_key_attrs, items):
    key = (id(self), "sorted", tuple(hash_key_attrs), tuple(range_key_attrs), tuple(map(id, items)))
    return _remember(key, lambda: _sorted_items(self, hash_key_attrs, range_key_attrs, items))


def _cached_item_copy(self, memo):
    # A read only reads the copies it returns (projections make new items).
    return _remember_of(self, "copy", lambda: _item_copy(self, memo))


def _cached_to_dict(obj):
    # An item's attributes (the copies above), not the answers that hold them.
    if isinstance(obj, LimitedSizeDict) and reading:
        return _remember_of(obj, "dict", lambda: ConvertedItem(_to_dict(obj)))
    return _to_dict(obj)


Table.all_items = _cached_all_items
Table.query = _partitioned_query
Table.sorted_items = _cached_sorted_items
Table._item_comes_before_dct = _quick_comes_before
Item.__deepcopy__ = _cached_item_copy
Item.size = lambda self: _remember_of(self, "size", lambda: _item_size(self))
dynamodb_utilities.dynamo_to_dict = _cached_to_dict
dynamodb_responses.dynamo_to_dict = _cached_to_dict

# moto builds each item it stores one attribute at a time, and sizes the whole item again at
# every attribute to hold the 400 KB limit: a third of a bulk load's time went there. An item
# is sized once here, after all its attributes are made; the limit (and moto's error) holds
# the same, as an item is too large exactly when all its attributes together are.
from moto.dynamodb.exceptions import ItemSizeTooLarge
from moto.dynamodb.models.utilities import bytesize


def _wire_size(value):
    """moto's `DynamoType.size` of an attribute value as it came on the wire ({"S": ...}),
    without making the DynamoType of every value inside a map or list twice over to size it
    (a fifth of a bulk load's time). Anything else is sized by moto itself."""
    if not isinstance(value, dict) or len(value) != 1:
        return DynamoType(value).size()
    kind, inner = next(iter(value.items()))
    if kind == "N":
        return len(str(inner))
    if kind in ("SS", "NS", "BS"):
        return sum(_wire_size({kind[0]: v}) for v in inner)
    if kind == "L":
        return sum(_wire_size(v) for v in inner)
    if kind == "M":
        return sum(bytesize(k) + _wire_size(v) for k, v in inner.items())
    if isinstance(inner, bool):
        return 1
    return bytesize(inner)


def _sized_once(self, hash_key, range_key, attrs):
    self.hash_key = hash_key
    self.range_key = range_key
    if sum(bytesize(key) + _wire_size(value) for key, value in attrs.items()) > 405000:
        raise ItemSizeTooLarge
    values = {key: DynamoType(value) for key, value in attrs.items()}
    self.attrs = LimitedSizeDict()
    dict.update(self.attrs, values)


Item.__init__ = _sized_once

# moto reads every request through a generic, model-driven parser: after JSON, it walks the
# whole body again to turn blobs and timestamps into Python values, half of a BatchWriteItem's
# time. The DynamoDB calls made here hold no timestamps, and their only blobs are binary
# attributes ("B", "BS"): a request with none of those is the same request as its JSON, so it
# is read as JSON.
_parse_parameters = dynamodb_responses.DynamoHandler.parse_parameters


def _as_json(self, request):
    body = request.data
    if body and b'"B":' not in body and b'"BS":' not in body:
        self.params = json.loads(body)
        return
    _parse_parameters(self, request)


dynamodb_responses.DynamoHandler.parse_parameters = _as_json

# moto looks for duplicates in a BatchWriteItem by writing every whole item it carries as
# JSON (a tenth of a bulk load's time), and so misses two puts of one key with different
# attributes. DynamoDB refuses any two requests of a batch on one key: that is the check
# here, on the keys alone, with moto's error.
from moto.dynamodb.exceptions import MockValidationException

_batch_write_item = dynamodb_responses.DynamoHandler.batch_write_item


def _batch_write_checking_keys(self):
    for table_name, requests in self.body.get("RequestItems", {}).items():
        table = self.dynamodb_backend.tables.get(table_name)
        if table is None:
            break
        named = [name for name in (table.hash_key_attr, table.range_key_attr) if name]
        seen = set()
        for request in requests:
            body = next(iter(request.values()), {})
            attrs = body.get("Item") or body.get("Key") or {}
            key = json.dumps([attrs.get(name) for name in named], sort_keys=True)
            if key in seen:
                raise MockValidationException("Provided list of item keys contains duplicates")
            seen.add(key)
    dumped, contains = dynamodb_responses.dynamo_json_dump, dynamodb_responses.DynamoHandler._contains_duplicates
    dynamodb_responses.dynamo_json_dump = lambda _: None
    dynamodb_responses.DynamoHandler._contains_duplicates = lambda _self, _keys: False
    try:
        return _batch_write_item(self)
    finally:
        dynamodb_responses.dynamo_json_dump, dynamodb_responses.DynamoHandler._contains_duplicates = dumped, contains


dynamodb_responses.DynamoHandler.batch_write_item = _batch_write_checking_keys

# moto lists its own package directory to route each request (hundreds of directory reads a
# request); the list does not change while the server runs.
import moto.backends as moto_backends

_moto_modules = tuple(moto_backends.list_of_moto_modules())
moto_backends.list_of_moto_modules = lambda: _moto_modules

# ... and the names of a handler's methods, by inspecting its class, for each request.
import moto.core.responses as core_responses

_method_names = {}
_names_of = core_responses.method_names_from_class


def _method_names_once(clazz):
    if clazz not in _method_names:
        _method_names[clazz] = _names_of(clazz)
    return _method_names[clazz]


core_responses.method_names_from_class = _method_names_once

# Every attribute value moto holds is a DynamoType, made (for a map or a list, with each value
# inside it) by lists built only to take their first element: a quarter of a bulk load's
# time. The same values, made directly.


def _made_directly(self, type_as_dict):
    if type(type_as_dict) is DynamoType:
        self.type = type_as_dict.type
        self.value = type_as_dict.value
    else:
        for self.type, self.value in type_as_dict.items():
            break
    if self.type == "L":
        self.value = [DynamoType(val) for val in self.value]
    elif self.type == "M":
        self.value = {k: DynamoType(v) for k, v in self.value.items()}


DynamoType.__init__ = _made_directly

# moto parses each update expression twice per update and deep-copies what it parsed to
# validate it: a third of a transaction's time. The changes of a kind come with the same
# expression (placeholders, not values), so what an expression parses to is kept, pickled,
# and each use gets a fresh copy of it: unpickling is five times quicker than either step.
import pickle

import moto.dynamodb.parsing.validators as dynamodb_validators
from moto.dynamodb.parsing.expressions import UpdateExpressionParser

_parse_update = UpdateExpressionParser.make.__func__
_parsed_updates = {}


def _parsed_once(cls, expression):
    pickled = _parsed_updates.get(expression)
    if pickled is None:
        pickled = _parsed_updates[expression] = pickle.dumps(_parse_update(cls, expression))
    tree = pickle.loads(pickled)
    tree._pickled = pickled
    return tree


def _copied_from_pickle(tree, memo=None):
    pickled = getattr(tree, "_pickled", None)
    return pickle.loads(pickled) if pickled is not None else copy.deepcopy(tree, memo)


UpdateExpressionParser.make = classmethod(_parsed_once)
dynamodb_validators.deepcopy = _copied_from_pickle

# moto parses a condition each time it meets it: a transaction's item twice (the transaction's
# check, then the put's or the update's own), and a counter's "attribute_exists(pk)" thousands
# of times over. What a condition parses to holds no item and is only evaluated, so each one
# (with its names and values) is parsed once; a condition that fails to parse is parsed, and
# fails, every time.
import re

import moto.dynamodb.comparisons as dynamodb_comparisons
import moto.dynamodb.models as dynamodb_models
import moto.dynamodb.models.table as dynamodb_table
from moto.dynamodb.exceptions import ConditionalCheckFailed, ItemSizeToUpdateTooLarge
from moto.dynamodb.models.utilities import bytesize as _bytesize

_parse_condition = dynamodb_comparisons.get_filter_expression
_conditions = {}
_PLACEHOLDER = re.compile(r"[#:][A-Za-z0-9_]+")


def _condition_once(expression, names, values):
    """moto's parse of a condition, kept by the expression and the names and values it uses
    (an update's condition comes with the update's values too, which it does not use)."""
    if not expression:
        return _parse_condition(expression, names, values)
    used = sorted(set(_PLACEHOLDER.findall(expression)))
    try:
        given = {**(names or {}), **(values or {})}
        key = (expression, json.dumps([(name, given.get(name)) for name in used]))
    except TypeError:
        return _parse_condition(expression, names, values)
    parsed = _conditions.get(key)
    if parsed is None:
        if len(_conditions) > 10000:
            _conditions.clear()
        parsed = _conditions[key] = _parse_condition(expression, names, values)
    return parsed


dynamodb_models.get_filter_expression = _condition_once
dynamodb_table.get_filter_expression = _condition_once

# moto validates an update by walking its parsed expression ten times, once for each rule
# (placeholders, overlapping paths, key attributes, types, ...), and sizes the whole item again
# at each attribute it sets: over half of a filing's transaction, whose counters are each an
# update. The updates the store writes (`update_expr` in shared/store/src/dynamo.rs) have one
# shape: "SET #s0 = :s0, ... ADD #a0 :a0, ... REMOVE #r0, ...", each attribute named by a
# placeholder. Such an update, touching no key attribute of the table or of an index, adding
# only numbers, each attribute once, is applied here directly with what the rules come to for
# it; the item is sized once, after. Any other update (another shape, a key attribute, a
# missing placeholder, an ADD to a value that is no number) goes to moto, which checks it.
_update_item = dynamodb_models.DynamoDBBackend.update_item
_STORE_UPDATE = re.compile(r"(?:SET (#s\d+ = :s\d+(?:, #s\d+ = :s\d+)*))? ?(?:ADD (#a\d+ :a\d+(?:, #a\d+ :a\d+)*))? ?(?:REMOVE (#r\d+(?:, #r\d+)*))?")
_update_shapes = {}


def _update_shape(expression):
    """The placeholders of a store's update expression: (sets, adds, removes); None for an
    expression of any other shape."""
    if expression not in _update_shapes:
        found = _STORE_UPDATE.fullmatch(expression)
        shape = None
        if found and any(found.groups()):
            sets, adds, removes = found.groups()
            shape = (
                [tuple(part.split(" = ")) for part in sets.split(", ")] if sets else [],
                [tuple(part.split(" ")) for part in adds.split(", ")] if adds else [],
                removes.split(", ") if removes else [],
            )
        _update_shapes[expression] = shape
    return _update_shapes[expression]


def _store_changes(table, expression, names, values):
    """The attributes a store's update sets, adds to and removes, with their values; None
    when moto's own checks could find fault with it."""
    shape = _update_shape(expression)
    if shape is None:
        return None
    sets, adds, removes = shape
    try:
        sets = [(names[name], values[value]) for name, value in sets]
        adds = [(names[name], values[value]) for name, value in adds]
        removes = [names[name] for name in removes]
    except (KeyError, TypeError):
        return None
    touched = [name for name, _ in sets] + [name for name, _ in adds] + removes
    keys = set(table.attribute_keys)
    if len(set(touched)) != len(touched) or any(name in keys for name in touched):
        return None
    if any(not isinstance(value, dict) or list(value) != ["N"] for _, value in adds):
        return None
    return sets, adds, removes


def _store_update(self, table_name, key, update_expression, expression_attribute_names, expression_attribute_values, attribute_updates=None, expected=None, condition_expression=None, return_values_on_condition_check_failure=None):
    def by_moto():
        return _update_item(self, table_name, key, update_expression, expression_attribute_names, expression_attribute_values, attribute_updates=attribute_updates, expected=expected, condition_expression=condition_expression, return_values_on_condition_check_failure=return_values_on_condition_check_failure)

    table = self.get_table(table_name)
    if attribute_updates or expected or not update_expression or table.stream_shard is not None or table.hash_key_attr not in key:
        return by_moto()
    changes = _store_changes(table, update_expression, expression_attribute_names or {}, expression_attribute_values or {})
    if changes is None:
        return by_moto()
    sets, adds, removes = changes
    hash_value = DynamoType(key[table.hash_key_attr])
    range_value = DynamoType(key[table.range_key_attr]) if table.range_key_attr in key else None
    item = table.get_item(hash_value, range_value)
    if any(item is not None and name in item.attrs and item.attrs[name].type != "N" for name, _ in adds):
        return by_moto()
    condition = _condition_once(condition_expression, expression_attribute_names, expression_attribute_values)
    if not condition.expr(item):
        if return_values_on_condition_check_failure == "ALL_OLD" and item is not None:
            raise ConditionalCheckFailed(item=item.to_json()["Attributes"])
        raise ConditionalCheckFailed
    current = item.attrs if item is not None else {}
    changed = {name: DynamoType(value) for name, value in sets}
    for name, value in adds:
        changed[name] = current.get(name, DynamoType({"N": "0"})) + DynamoType(value)
    kept = [(name, value) for name, value in current.items() if name not in changed and name not in removes]
    size = sum(_bytesize(name) + value.size() for name, value in kept + list(changed.items()))
    if size > 405000:
        raise ItemSizeToUpdateTooLarge()
    # Update does not fail on a new item: it is made with its key, as moto makes it.
    if item is None:
        data = {table.hash_key_attr: {hash_value.type: hash_value.value}}
        if range_value is not None:
            data[table.range_key_attr] = {range_value.type: range_value.value}
        table.put_item(data)
        item = table.get_item(hash_value, range_value)
    for name in removes:
        dict.pop(item.attrs, name, None)
    dict.update(item.attrs, changed)
    return item


dynamodb_models.DynamoDBBackend.update_item = _store_update

# Every error moto raises writes an XML body first, which a JSON error then replaces: its
# update validation raises (and catches) one for each attribute a counter does not hold yet.
# A JSON error here is made as moto makes it, without the XML it throws away.
from moto.core.exceptions import JsonRESTError
from werkzeug.exceptions import HTTPException


def _json_error(self, error_type, message, _="", **__):
    HTTPException.__init__(self)
    self.error_type = error_type
    self.message = message
    self.description = json.dumps({"__type": error_type, "message": message})
    self.content_type = "application/json"


JsonRESTError.__init__ = _json_error

# moto backs up a whole table before each transaction (once per item of the transaction) to
# roll it back when the transaction fails: over a table of 20,000 grievances a transaction
# took minutes. Here only the items the transaction names are kept aside, and put back when
# it fails; moto's own backup is handed the live table (which it then "restores" to itself).
_transact_write_items = dynamodb_models.DynamoDBBackend.transact_write_items


def _kept_aside(backend, transact_items):
    kept = []
    for entry in transact_items:
        op = next(iter(entry.values()))
        table = backend.tables.get(op.get("TableName"))
        key = op.get("Key") or op.get("Item")
        if table is None or not key or table.hash_key_attr not in key:
            continue
        hash_key = DynamoType(key[table.hash_key_attr])
        range_key = DynamoType(key[table.range_key_attr]) if table.range_key_attr and table.range_key_attr in key else None
        try:
            item = table.get_item(hash_key, range_key)
        except Exception:
            item = None
        kept.append((table, hash_key, range_key, copy.deepcopy(item) if item is not None else None))
    return kept


def _put_back(kept):
    for table, hash_key, range_key, item in reversed(kept):
        if range_key is not None:
            if item is None:
                table.items.get(hash_key, {}).pop(range_key, None)
            else:
                table.items[hash_key][range_key] = item
        elif item is None:
            table.items.pop(hash_key, None)
        else:
            table.items[hash_key] = item


def _transact_keeping_touched_items(self, transact_items, *args, **kwargs):
    kept = _kept_aside(self, transact_items)
    Table.__deepcopy__ = lambda table, memo: table
    try:
        return _transact_write_items(self, transact_items, *args, **kwargs)
    except Exception:
        _put_back(kept)
        raise
    finally:
        del Table.__deepcopy__


dynamodb_models.DynamoDBBackend.transact_write_items = _transact_keeping_touched_items

# DynamoDB answers a TransactWriteItems sent again with the same ClientRequestToken (the SDK
# fills one in, and sends it again when an answer is lost or slow) as it answered the first,
# without writing anything again, for ten minutes; the same token with another request is
# refused. moto ignores the token: a retried transaction that had been written failed its own
# conditions, and a filing came back as a conflict.
import collections
import hashlib
import time

_transact_handler = dynamodb_responses.DynamoHandler.transact_write_items
TOKEN_LIFE = 600.0
# token -> digest of the request it came with; and (time, token) in the order they came.
tokens = {}
tokens_by_age = collections.deque()


def _idempotent_transact(self):
    token = self.body.get("ClientRequestToken")
    if token is None:
        return _transact_handler(self)
    # The SDK sends a retry as the very bytes it sent first.
    request = hashlib.sha256(self.raw_body if isinstance(self.raw_body, bytes) else str(self.raw_body).encode()).digest()
    now = time.monotonic()
    while tokens_by_age and now - tokens_by_age[0][0] > TOKEN_LIFE:
        tokens.pop(tokens_by_age.popleft()[1], None)
    seen = tokens.get(token)
    if seen is not None:
        if seen != request:
            raise JsonRESTError("IdempotentParameterMismatchException", "The request uses the same client token as a previous, but non-identical request.")
        return dynamodb_responses.ActionResult({"ConsumedCapacity": [], "ItemCollectionMetrics": {}})
    answer = _transact_handler(self)
    tokens[token] = request
    tokens_by_age.append((now, token))
    return answer


dynamodb_responses.DynamoHandler.transact_write_items = _idempotent_transact

dispatched = DomainDispatcherApplication(create_backend_app)

# A DynamoDB call goes through Flask's request and response objects, contexts and routing,
# and moto's own wrapping of them, to reach the one handler it always reaches: a sixth of
# moto's time. It is handed to that handler directly, as moto's Flask view does (the same
# request class and the same answers); anything else goes the usual way.
from moto.moto_server.werkzeug_app import BackendRequest
from werkzeug.wrappers import Response
from werkzeug.wsgi import LimitedStream


def is_dynamodb(environ):
    return environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_20120810.")


def moto_app(environ, start_response):
    if not is_dynamodb(environ):
        return dispatched(environ, start_response)
    request = BackendRequest(environ)
    status, headers, content = dynamodb_responses.DynamoHandler.dispatch(request, request.raw_url, dict(request.headers))
    return Response(response=content, status=status, headers=headers)(environ, start_response)


one_at_a_time = threading.Lock()
# Whether the request this thread serves keeps its connection (set once its body is read).
this_request = threading.local()


def serialised(environ, start_response):
    global reading
    # The request's body, as far as its Content-Length goes: what moto leaves unread of it is
    # read after the answer, so that the connection's next request starts where it should.
    # DynamoDB's calls only: S3's (streamed bodies, HEAD answers with a length and no body)
    # keep werkzeug's one request a connection.
    length = environ.get("CONTENT_LENGTH") or ""
    body = None
    if is_dynamodb(environ) and length.isdigit() and "HTTP_TRANSFER_ENCODING" not in environ:
        body = environ["wsgi.input"] = LimitedStream(environ["wsgi.input"], int(length))
    with one_at_a_time:
        reading = environ.get("HTTP_X_AMZ_TARGET", "").rpartition(".")[2] in READS
        if not reading:
            remembered.clear()
        try:
            # Build the whole answer inside the lock: moto reads its state while iterating.
            answer = list(moto_app(environ, start_response))
        finally:
            if not reading:
                remembered.clear()
    if body is not None:
        body.exhaust()
        this_request.kept = True
    return answer


# werkzeug closes every connection after one request: it cannot tell where an unread body
# ends (above, it can), and every SDK call then opened a connection and moto a thread (a
# fifth of moto's time and much of the client's). Here a connection stays open when its
# DynamoDB request's body was read to its end, and on such a connection werkzeug's wait for
# a closing client's last bytes (10 ms of select, which would swallow the next request) is
# skipped.
import selectors as system_selectors
import types

import werkzeug.serving as werkzeug_serving
from werkzeug.serving import WSGIRequestHandler


class _DrainedUnlessKept:
    """werkzeug's selector for its wait, on a connection that closes; nothing on one kept."""

    def __init__(self):
        self.real = None if this_request.kept else system_selectors.DefaultSelector()

    def register(self, *args):
        if self.real:
            self.real.register(*args)

    def select(self, timeout=None):
        return self.real.select(timeout) if self.real else []

    def close(self):
        if self.real:
            self.real.close()


werkzeug_serving.selectors = types.SimpleNamespace(**{**vars(system_selectors), "DefaultSelector": _DrainedUnlessKept})


class KeptAlive(WSGIRequestHandler):
    # The head and the body of an answer go out as two writes: with Nagle's algorithm the
    # second waits for the client's delayed acknowledgement of the first (40 ms a request).
    disable_nagle_algorithm = True

    def send_header(self, keyword, value):
        if keyword.lower() == "connection" and value.lower() == "close" and this_request.kept:
            return
        super().send_header(keyword, value)

    def log_request(self, *_):
        # werkzeug formats each request's log line (its date, its status) before the logger
        # drops it: a twentieth of moto's time.
        pass

    def handle_one_request(self):
        # A request that fails before its answer closes its connection, as werkzeug would.
        this_request.kept = False
        super().handle_one_request()
        if not this_request.kept:
            self.close_connection = True


# werkzeug logs errors too (to nowhere: the harness discards the server's output).
import logging

logging.getLogger("werkzeug").setLevel(logging.ERROR)

run_simple(args.host, args.port, serialised, threaded=True, use_reloader=False, request_handler=KeptAlive)
