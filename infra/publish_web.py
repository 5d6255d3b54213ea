#!/usr/bin/env python3
"""Publishes the built SPA to the web bucket and invalidates CloudFront.

    publish_web.py <dist dir> <bucket> <distribution id>

Hashed assets are cached for a year; index.html and other entry files are revalidated on
every load, so a deploy is visible at once (the portal serves the same Cache-Control
locally). Files no longer in the build are removed.
"""
import mimetypes
import os
import sys
import time

import boto3  # installed in .venv with moto

dist, bucket, distribution = sys.argv[1:4]
s3 = boto3.client("s3")
uploaded = set()
for folder, _, files in os.walk(dist):
    for name in files:
        # The .br and .gz copies are for the embedded portal; CloudFront compresses itself.
        if name.endswith((".br", ".gz")):
            continue
        path = os.path.join(folder, name)
        key = os.path.relpath(path, dist).replace(os.sep, "/")
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        immutable = key.startswith("assets/")
        cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
        s3.upload_file(path, bucket, key, ExtraArgs={"ContentType": kind, "CacheControl": cache})
        uploaded.add(key)
stale = []
for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
    stale += [o["Key"] for o in page.get("Contents", []) if o["Key"] not in uploaded]
for start in range(0, len(stale), 1000):
    s3.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": k} for k in stale[start:start + 1000]]})
boto3.client("cloudfront").create_invalidation(
    DistributionId=distribution,
    InvalidationBatch={"Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": str(time.time())},
)
print(f"    {len(uploaded)} files published, {len(stale)} removed, CloudFront invalidated")
