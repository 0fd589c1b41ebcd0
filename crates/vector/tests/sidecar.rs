//! The embedding sidecar over redb, driven the way the facade drives it (E1–E7, R3).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Owned, Store, owned, quantized, temp};
use kenning_vector::{
    Embedding, Error, ErrorKind, Listed, ModelTag, Query, Resident, VectorSet, attach, clear, get,
    list, remove, resident,
};

const MINI: &str = "all-MiniLM-L6-v2";

fn tag(t: &str) -> ModelTag {
    ModelTag::new(t).unwrap()
}

fn emb(v: &[f32]) -> Embedding {
    Embedding::new(v.to_vec()).unwrap()
}

fn put(store: &Store, scope: &str, capsule: u64, v: &[f32]) -> kenning_vector::Attached {
    store
        .write(|txn, staged| attach(txn, staged, scope, capsule, emb(v), &tag(MINI)))
        .unwrap()
}

fn listed(store: &Store, scope: &str) -> Vec<u64> {
    list(&store.read(), scope)
        .unwrap()
        .into_iter()
        .map(|l| l.capsule)
        .collect()
}

#[test]
fn e1_a_second_attach_replaces_and_says_so() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    let first = put(&store, "s", 1, &[1.0, 0.0]);
    assert!(!first.replaced && first.elected);
    let second = put(&store, "s", 1, &[0.0, 2.0]);
    assert!(second.replaced && !second.elected);
    assert_eq!((second.dimension, second.model_tag.as_str()), (2, MINI));
    assert_eq!(
        get(&store.read(), "s", 1).unwrap().unwrap().values(),
        [0.0, 2.0]
    );
    assert_eq!(listed(&store, "s"), [1], "one embedding per capsule");
    assert_eq!(store.vectors().len(), 1);
    assert_eq!(
        owned(store.vectors().scope("s").unwrap().get(1).unwrap()),
        quantized(1, &[0.0, 2.0])
    );
}

#[test]
fn e2_the_first_attach_elects_the_embedder_and_another_tag_is_refused_naming_it() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    assert_eq!(resident(&store.read()).unwrap(), None);
    put(&store, "a", 1, &[1.0, 2.0, 3.0]);
    let want = Resident {
        model_tag: MINI.into(),
        dimension: 3,
    };
    assert_eq!(resident(&store.read()).unwrap(), Some(want.clone()));
    assert_eq!(store.vectors().resident(), Some(&want));

    // Another tag, even with the right dimension and in another scope.
    let err = store
        .write(|txn, staged| {
            attach(
                txn,
                staged,
                "b",
                2,
                emb(&[1.0, 1.0, 1.0]),
                &tag("bge-small"),
            )
        })
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::FailedPrecondition);
    let msg = err.to_string();
    assert!(msg.contains(r#"model_tag "bge-small" differs from this store's resident embedder "all-MiniLM-L6-v2""#), "{msg}");
    assert!(msg.contains("re-attach each capsule's vector"), "{msg}");
    assert!(listed(&store, "b").is_empty(), "nothing written");
    // The tag is compared byte for byte.
    let err = store
        .write(|txn, staged| {
            attach(
                txn,
                staged,
                "a",
                2,
                emb(&[1.0, 1.0, 1.0]),
                &tag("all-minilm-l6-v2"),
            )
        })
        .unwrap_err();
    assert!(matches!(err, Error::ModelTagMismatch { .. }));
}

#[test]
fn e2_removing_the_last_embedding_resets_the_election() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    put(&store, "a", 1, &[1.0, 2.0]);
    put(&store, "b", 2, &[1.0, 2.0]);
    assert!(
        store
            .write(|txn, staged| remove(txn, staged, "a", 1))
            .unwrap()
    );
    assert!(
        !store
            .write(|txn, staged| remove(txn, staged, "a", 1))
            .unwrap(),
        "already gone"
    );
    assert!(
        resident(&store.read()).unwrap().is_some(),
        "b still holds one"
    );
    assert!(
        store
            .write(|txn, staged| remove(txn, staged, "b", 2))
            .unwrap()
    );
    assert_eq!(resident(&store.read()).unwrap(), None);
    assert_eq!(store.vectors().resident(), None);
    // A new embedder of another dimension may now be elected.
    let attached = store
        .write(|txn, staged| attach(txn, staged, "a", 1, emb(&[1.0; 5]), &tag("other")))
        .unwrap();
    assert!(attached.elected);
    assert_eq!(store.vectors().resident().unwrap().dimension, 5);
}

#[test]
fn e2_clear_is_the_migration_to_another_embedder_in_one_transaction() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    for c in 0..5 {
        put(
            &store,
            if c % 2 == 0 { "a" } else { "b" },
            c,
            &[1.0, c as f32],
        );
    }
    let migrated = store.write(|txn, staged| {
        assert_eq!(clear(txn, staged)?, 5);
        for c in 0..5 {
            let scope = if c % 2 == 0 { "a" } else { "b" };
            attach(
                txn,
                staged,
                scope,
                c,
                emb(&[1.0, 0.0, c as f32]),
                &tag("new-model"),
            )?;
        }
        Ok(())
    });
    migrated.unwrap();
    assert_eq!(store.vectors().resident().unwrap().model_tag, "new-model");
    assert_eq!(store.vectors().len(), 5);
    assert_eq!(store.vectors().scope("a").unwrap().dimension(), 3);
    assert_eq!(listed(&store, "a"), [0, 2, 4]);
    let store = store.reopen();
    assert_eq!(
        owned(store.vectors().scope("b").unwrap().get(3).unwrap()),
        quantized(3, &[1.0, 0.0, 3.0])
    );
    assert_eq!(store.write(clear).unwrap(), 5);
    assert_eq!(store.write(clear).unwrap(), 0);
    assert!(store.vectors().is_empty());
}

#[test]
fn e3_a_dimension_different_from_the_store_is_refused_and_teaches_the_fix() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    put(&store, "a", 1, &[1.0; 4]);
    let err = store
        .write(|txn, staged| attach(txn, staged, "a", 2, emb(&[1.0; 3]), &tag(MINI)))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    let msg = err.to_string();
    assert!(msg.starts_with(r#"embedding has 3 dimensions but this store's embeddings have 4 (model "all-MiniLM-L6-v2")"#), "{msg}");
    assert!(msg.contains("migrate explicitly"), "{msg}");
    // The resident check can run before the transaction, too.
    let r = store.vectors().resident().cloned().unwrap();
    assert!(r.admits(&emb(&[1.0; 4]), &tag(MINI)).is_ok());
    assert!(r.admits(&emb(&[1.0; 5]), &tag(MINI)).is_err());
}

#[test]
fn e4_vectors_round_trip_bit_for_bit_through_the_file_and_the_copy() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    let values = [
        0.1_f32,
        -0.0,
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        -1.0e-7,
        123_456.79,
        f32::from_bits(0x3F80_0001),
    ];
    put(&store, "s", 9, &values);
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let want = bits(&values);
    assert_eq!(
        bits(get(&store.read(), "s", 9).unwrap().unwrap().values()),
        want
    );
    assert_eq!(
        owned(store.vectors().scope("s").unwrap().get(9).unwrap()),
        quantized(9, &values)
    );
    let store = store.reopen();
    assert_eq!(
        bits(get(&store.read(), "s", 9).unwrap().unwrap().values()),
        want
    );
    assert_eq!(
        owned(store.vectors().scope("s").unwrap().get(9).unwrap()),
        quantized(9, &values)
    );
}

#[test]
fn e5_list_is_append_order_and_a_replace_keeps_its_place() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    for c in [30, 10, 20] {
        put(&store, "s", c, &[1.0, 1.0]);
    }
    put(&store, "other", 5, &[1.0, 1.0]);
    assert_eq!(
        listed(&store, "s"),
        [30, 10, 20],
        "append order, not capsule order"
    );
    put(&store, "s", 10, &[2.0, 1.0]);
    assert_eq!(
        listed(&store, "s"),
        [30, 10, 20],
        "a replace keeps its place"
    );
    store
        .write(|txn, staged| remove(txn, staged, "s", 30))
        .unwrap();
    put(&store, "s", 30, &[1.0, 3.0]);
    assert_eq!(
        listed(&store, "s"),
        [10, 20, 30],
        "a remove frees the place"
    );
    assert_eq!(
        list(&store.read(), "s").unwrap()[0],
        Listed {
            capsule: 10,
            dimension: 2,
            model_tag: MINI.into()
        }
    );
    let json = serde_json::to_string(&list(&store.read(), "other").unwrap()).unwrap();
    assert_eq!(
        json, r#"[{"capsule":5,"dimension":2,"model_tag":"all-MiniLM-L6-v2"}]"#,
        "capsule numbers are plain numbers here: the facade writes them as capsule ids"
    );
    assert!(list(&store.read(), "nowhere").unwrap().is_empty());
}

#[test]
fn e7_an_aborted_transaction_leaves_the_tables_and_the_copy_untouched() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    put(&store, "s", 1, &[1.0, 0.0]);
    let before = store.vectors();
    store.aborted(|txn, staged| {
        attach(txn, staged, "s", 1, emb(&[0.0, 1.0]), &tag(MINI)).unwrap();
        attach(txn, staged, "s", 2, emb(&[0.0, 1.0]), &tag(MINI)).unwrap();
        remove(txn, staged, "s", 1).unwrap();
        clear(txn, staged).unwrap();
    });
    assert!(std::sync::Arc::ptr_eq(&before, &store.vectors()));
    assert_eq!(listed(&store, "s"), [1]);
    assert_eq!(
        owned(store.vectors().scope("s").unwrap().get(1).unwrap()),
        quantized(1, &[1.0, 0.0])
    );
    assert!(store.vectors().scope("s").unwrap().get(2).is_none());
    put(&store, "s", 3, &[1.0, 1.0]);
    assert_eq!(listed(&store, "s"), [1, 3]);
}

#[test]
fn r3_a_query_of_the_wrong_dimension_or_with_nan_is_refused() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    let q = Query::new(&[1.0, 0.0, 0.0]).unwrap();
    assert!(
        store.search("s", &q, 5, |_| true).unwrap().is_empty(),
        "a dormant lane"
    );
    put(&store, "s", 1, &[1.0, 0.0]);
    let err = store.search("s", &q, 5, |_| true).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    let msg = err.to_string();
    assert!(
        msg.starts_with("query_embedding has 3 dimensions but this store's embeddings have 2"),
        "{msg}"
    );
    assert!(msg.contains("embed the query with the same model"), "{msg}");
    let err = Query::new(&[f32::NAN, 1.0]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.to_string().starts_with("query_embedding[0] is NaN"));
    assert!(
        Query::new(&[0.0, 0.0])
            .unwrap_err()
            .to_string()
            .contains("zero magnitude")
    );
    let q = Query::new(&[1.0, 1.0]).unwrap();
    assert!(store.search("other", &q, 5, |_| true).unwrap().is_empty());
    let hits = store.search("s", &q, 5, |_| true).unwrap();
    assert_eq!(hits.len(), 1);
    assert!((hits[0].score - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-6);
}

/// One stored vector: scope and its quantized row.
type Row = (String, Owned);

/// Every row of every scope of a set, sorted, with the resident embedder.
fn rows(set: &VectorSet) -> (Option<Resident>, Vec<Row>) {
    let mut rows: Vec<_> = set
        .scopes()
        .flat_map(|(scope, v)| {
            v.rows()
                .map(|r| (scope.to_owned(), owned(r)))
                .collect::<Vec<_>>()
        })
        .collect();
    rows.sort_by(|a, b| (&a.0, a.1.0).cmp(&(&b.0, b.1.0)));
    (set.resident().cloned(), rows)
}

#[test]
fn the_set_derived_before_commit_is_the_one_the_committed_tables_load() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    put(&store, "s", 1, &[1.0, 0.0]);
    put(&store, "s", 2, &[0.5, 0.5]);
    put(&store, "t", 3, &[0.0, 1.0]);
    let cases: [fn(&redb::WriteTransaction, &mut kenning_vector::Staged); 4] = [
        |txn, st| {
            attach(txn, st, "s", 1, emb(&[0.0, 3.0]), &tag(MINI)).unwrap();
            attach(txn, st, "u", 9, emb(&[2.0, 3.0]), &tag(MINI)).unwrap();
        },
        |txn, st| {
            remove(txn, st, "s", 2).unwrap();
            remove(txn, st, "t", 3).unwrap();
        },
        // Clear and attach of another dimension and model in one transaction (a migration).
        |txn, st| {
            clear(txn, st).unwrap();
            attach(txn, st, "s", 1, emb(&[1.0, 2.0, 3.0]), &tag("other")).unwrap();
        },
        // Remove the last embedding: the election resets.
        |txn, st| {
            remove(txn, st, "s", 1).unwrap();
        },
    ];
    let mut base = VectorSet::load(&store.read()).unwrap();
    for case in cases {
        let txn = store.db.begin_write().unwrap();
        let mut staged = kenning_vector::Staged::new();
        case(&txn, &mut staged);
        let derived = base.with(staged);
        let seen_in_txn = VectorSet::load_in(&txn).unwrap();
        txn.commit().unwrap();
        let loaded = VectorSet::load(&store.read()).unwrap();
        assert_eq!(rows(&derived), rows(&loaded));
        assert_eq!(rows(&seen_in_txn), rows(&loaded));
        assert_ne!(rows(&base), rows(&loaded), "the case changed something");
        base = derived;
    }
    assert!(base.is_empty() && base.resident().is_none());
}

#[test]
fn readers_keep_their_snapshot_while_a_writer_applies() {
    let (_dir, path) = temp();
    let store = Store::open(&path);
    let d = 64;
    store
        .write(|txn, staged| {
            for c in 0..2000 {
                attach(
                    txn,
                    staged,
                    "s",
                    c,
                    emb(&vec![1.0 + c as f32; d]),
                    &tag(MINI),
                )?;
            }
            Ok(())
        })
        .unwrap();
    let snapshot = store.vectors().scope("s").cloned().unwrap();
    let q = Query::new(&vec![1.0; d]).unwrap();
    std::thread::scope(|s| {
        let reader = s.spawn(|| {
            // Every search sees a whole committed state: 2000 vectors plus a prefix of the
            // writer's batches, never a torn one.
            let mut seen = 0;
            for _ in 0..200 {
                let v = store.vectors().scope("s").cloned().unwrap();
                assert_eq!((v.len() - 2000) % 10, 0, "a committed batch is seen whole");
                let hits = store.search("s", &q, 3, |_| true).unwrap();
                assert_eq!(hits.len(), 3);
                seen = seen.max(v.len());
            }
            seen
        });
        for batch in 0..20 {
            store
                .write(|txn, staged| {
                    for c in 0..10 {
                        let capsule = 10_000 + batch * 10 + c;
                        attach(txn, staged, "s", capsule, emb(&vec![2.0; d]), &tag(MINI))?;
                    }
                    Ok(())
                })
                .unwrap();
        }
        reader.join().unwrap();
    });
    assert_eq!(snapshot.len(), 2000, "an old snapshot never changes");
    assert_eq!(store.vectors().scope("s").unwrap().len(), 2200);
}

#[test]
fn tables_are_created_once_and_a_store_without_them_reads_as_empty() {
    let (_dir, path) = temp();
    let db = redb::Database::create(&path).unwrap();
    use redb::ReadableDatabase as _;
    let txn = db.begin_read().unwrap();
    assert!(!kenning_vector::tables_exist(&txn).unwrap());
    let set = VectorSet::load(&txn).unwrap();
    assert!(set.is_empty() && set.resident().is_none());
    assert!(list(&txn, "s").unwrap().is_empty());
    assert!(get(&txn, "s", 1).unwrap().is_none());
    assert!(resident(&txn).unwrap().is_none());
    drop(txn);
    let txn = db.begin_write().unwrap();
    kenning_vector::create_tables(&txn).unwrap();
    txn.commit().unwrap();
    assert!(kenning_vector::tables_exist(&db.begin_read().unwrap()).unwrap());
}

#[test]
fn the_index_and_its_snapshots_cross_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<VectorSet>();
    shared::<kenning_vector::ScopeVectors>();
    shared::<kenning_vector::Staged>();
    shared::<kenning_vector::Error>();
}
