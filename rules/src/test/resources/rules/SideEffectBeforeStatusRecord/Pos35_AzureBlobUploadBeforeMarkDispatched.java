// An Azure BlockBlobClient upload (storage outside the database) runs before the envelope is marked DISPATCHED: a crash between them uploads the file again on the next run: finding on upload.
package com.example.pos35;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.specialized.BlockBlobClient;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class EnvelopeDispatchJob {

    private final BlobContainerClient target;
    private final EnvelopeMapper envelopes;

    public EnvelopeDispatchJob(BlobContainerClient target, EnvelopeMapper envelopes) {
        this.target = target;
        this.envelopes = envelopes;
    }

    @Scheduled(fixedDelay = 30_000)
    public void dispatch() {
        for (Envelope e : envelopes.selectCreated()) {
            BlockBlobClient blob = target.getBlobClient(e.getFileName()).getBlockBlobClient();
            blob.upload(new ByteArrayInputStream(e.getContent()), e.getContent().length); // expect: IDEM001
            envelopes.markDispatched(e.getId());
        }
    }
}

@Mapper
interface EnvelopeMapper {

    @Select("SELECT id, file_name, content FROM envelope WHERE status = 'CREATED'")
    List<Envelope> selectCreated();

    @Update("UPDATE envelope SET status = 'DISPATCHED' WHERE id = #{id}")
    int markDispatched(@Param("id") long id);
}

class Envelope {
    private long id;
    private String fileName;
    private byte[] content;

    public long getId() { return id; }
    public String getFileName() { return fileName; }
    public byte[] getContent() { return content; }
}
