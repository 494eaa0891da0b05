// The items saved after the upload get only a local timestamp, nothing the upload returned: the save does not record the upload, so there is no effect-then-record shape (one effect and no record is not reported).
package com.example.neg32;

import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

public class DocumentToucher {

    private final DocumentStoreClient store;
    private final ScannedItemRepository items;

    public DocumentToucher(DocumentStoreClient store, ScannedItemRepository items) {
        this.store = store;
        this.items = items;
    }

    public void upload(List<byte[]> files, List<ScannedItem> scanned) {
        store.uploadAll(files);
        Instant now = Instant.now();
        scanned.forEach(item -> item.setCheckedAt(now));
        items.saveAll(scanned);
    }
}

class DocumentStoreClient {
    private final org.springframework.web.client.RestTemplate rest = new org.springframework.web.client.RestTemplate();

    void uploadAll(List<byte[]> files) {
        rest.postForObject("https://docs.example.com/documents", files, String.class);
    }
}

interface ScannedItemRepository extends JpaRepository<ScannedItem, Long> {
}

class ScannedItem {
    private Long id;
    private Instant checkedAt;

    public void setCheckedAt(Instant checkedAt) { this.checkedAt = checkedAt; }
}
