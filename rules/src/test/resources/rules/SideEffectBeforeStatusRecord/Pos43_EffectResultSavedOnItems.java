// The upload's result (document ids) is set on the loaded items and saved with saveAll: that save is what records the upload. A crash between the upload and the save uploads the files again as new documents: finding on upload.
package com.example.pos43;

import java.util.List;
import java.util.Map;
import org.springframework.data.jpa.repository.JpaRepository;

public class DocumentUploader {

    private final DocumentStoreClient store;
    private final ScannedItemRepository items;

    public DocumentUploader(DocumentStoreClient store, ScannedItemRepository items) {
        this.store = store;
        this.items = items;
    }

    public void upload(List<byte[]> files, List<ScannedItem> scanned) {
        Map<String, String> ids = store.uploadAll(files); // expect: IDEM001
        scanned.forEach(item -> item.setDocumentId(ids.get(item.getFileName())));
        items.saveAll(scanned);
    }
}

class DocumentStoreClient {
    private final org.springframework.web.client.RestTemplate rest = new org.springframework.web.client.RestTemplate();

    @SuppressWarnings("unchecked")
    Map<String, String> uploadAll(List<byte[]> files) {
        return rest.postForObject("https://docs.example.com/documents", files, Map.class);
    }
}

interface ScannedItemRepository extends JpaRepository<ScannedItem, Long> {
}

class ScannedItem {
    private Long id;
    private String fileName;
    private String documentId;

    public String getFileName() { return fileName; }
    public void setDocumentId(String documentId) { this.documentId = documentId; }
}
