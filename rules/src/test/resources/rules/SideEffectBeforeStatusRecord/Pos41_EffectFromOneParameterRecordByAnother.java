// No loop: the method's unit of work is what it was called with. The file (one parameter) is uploaded before the envelope (another parameter, its id) is marked DISPATCHED: finding on upload.
package com.example.pos41;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import java.util.UUID;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class EnvelopeDispatcher {

    private final BlobContainerClient target;
    private final EnvelopeMapper envelopes;

    public EnvelopeDispatcher(BlobContainerClient target, EnvelopeMapper envelopes) {
        this.target = target;
        this.envelopes = envelopes;
    }

    public void dispatch(BlobClient source, UUID envelopeId) {
        BlobClient copy = target.getBlobClient(source.getBlobName());
        copy.uploadFromFile(source.getBlobName()); // expect: IDEM001
        envelopes.markDispatched(envelopeId);
    }
}

@Mapper
interface EnvelopeMapper {

    @Update("UPDATE envelope SET status = 'DISPATCHED' WHERE id = #{id}")
    int markDispatched(@Param("id") UUID id);
}
