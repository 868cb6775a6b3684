//! Lists in save records held at their largest: a record's memory is then
//! the same whatever the player has done, so an app's window gives back on
//! closing exactly what its opening took, erasing included (the harness
//! checks the heap to the byte). The bytes stored are a plain list's.

use alloc::vec::Vec;
use serde::{Deserialize, Deserializer, de::Error};

/// An empty list with room for `N`.
#[must_use]
pub fn empty<T, const N: usize>() -> Vec<T> {
    Vec::with_capacity(N)
}

/// `list` given room for `N`, all it may ever hold; entries past `N` (a
/// list from an older version that held more) are let go.
pub fn hold<T, const N: usize>(list: &mut Vec<T>) {
    list.truncate(N);
    list.reserve_exact(N - list.len());
}

/// `list` emptied and filled from `items`, its room kept (at most `N`).
pub fn refill<T, const N: usize>(list: &mut Vec<T>, items: impl IntoIterator<Item = T>) {
    list.clear();
    list.extend(items.into_iter().take(N));
}

/// A list as stored (`#[serde(deserialize_with = "capacity::read::<_, _, N>")]`),
/// with room for `N`; more than `N` entries read as damaged.
pub fn read<'de, D, T, const N: usize>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let mut list = Vec::<T>::deserialize(deserializer)?;
    if list.len() > N {
        return Err(D::Error::custom("a list longer than its records hold"));
    }
    hold::<T, N>(&mut list);
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize, Deserialize)]
    struct Record {
        #[serde(deserialize_with = "read::<_, _, 8>")]
        list: Vec<u16>,
    }

    #[test]
    fn a_list_read_has_room_for_all_it_may_hold_and_stores_as_before() {
        let bytes = postcard::to_allocvec(&Record {
            list: alloc::vec![1, 2, 3],
        })
        .unwrap();
        let record: Record = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(record.list, [1, 2, 3]);
        assert!(record.list.capacity() >= 8);
        assert_eq!(postcard::to_allocvec(&record).unwrap(), bytes);
        let long = postcard::to_allocvec(&Record {
            list: alloc::vec![0; 9],
        })
        .unwrap();
        assert!(postcard::from_bytes::<Record>(&long).is_err());
    }

    #[test]
    fn refilling_keeps_the_room() {
        let mut list = empty::<u8, 4>();
        let room = list.capacity();
        refill::<u8, 4>(&mut list, [1, 2, 3, 4, 5]);
        assert_eq!(list, [1, 2, 3, 4]);
        assert_eq!(list.capacity(), room);
        hold::<u8, 4>(&mut list);
        assert_eq!(list.capacity(), room);
        let mut longer = alloc::vec![1u8; 6];
        hold::<u8, 4>(&mut longer);
        assert_eq!(longer, [1; 4]);
    }
}
